; A byval argument is a copy the caller makes in its own frame, whose
; address it passes as an ordinary pointer (RISCVISelLowering.cpp,
; LowerCall: "Create local copies for byval args"): a small one by inline
; loads and stores, a large one by a memcpy call, an over-aligned one in a
; slot aligned to its alignment; the defining side receives a plain pointer
; in a0. The CHECK lines hold for pebble llc and for llc -O2 alike; PEBBLE
; lines pin pebble's own -O2 sequence. Without the copy the callee writes into
; the caller's object (tests/backend/byval.ll runs that).

; RUN: %pebble llc -O0 --verify-regalloc %s -o - | FileCheck %s
; RUN: %pebble llc -O2 --verify-regalloc %s -o - | FileCheck %s
; RUN: %pebble llc -O2 --verify-regalloc %s -o - | FileCheck %s --check-prefix=PEBBLE
; RUN: llc -O2 -mattr=+m,+a,+f,+d,+c -target-abi=lp64d %s -o - | FileCheck %s

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

%Small = type { i32, i32, i64 }
%Big = type { [40 x i64] }
%Wide = type { [4 x i64] }

declare void @take_small(ptr byval(%Small) align 8)
declare void @take_big(i32, ptr byval(%Big) align 8)
declare void @take_wide(ptr byval(%Wide) align 32)

; The incoming byval parameter is the pointer in a0.
; CHECK-LABEL: param:
; CHECK: sw {{[a-z0-9]+}}, 0(a0)
; CHECK-NEXT: ret
define void @param(ptr byval(%Small) align 8 %p) {
  store i32 7, ptr %p
  ret void
}

; 16 bytes at align 8: two loads and two stores into the frame, no call.
; CHECK-LABEL: small:
; CHECK-NOT: call
; CHECK-DAG: ld {{[a-z0-9]+}}, 0({{[a-z0-9]+}})
; CHECK-DAG: ld {{[a-z0-9]+}}, 8({{[a-z0-9]+}})
; CHECK-DAG: sd {{[a-z0-9]+}}, {{[0-9]+}}(sp)
; CHECK-DAG: sd {{[a-z0-9]+}}, {{[0-9]+}}(sp)
; CHECK: call take_small
; PEBBLE-LABEL: small:
; PEBBLE: mv t0, a0
; PEBBLE-NEXT: addi a0, sp, 0
; PEBBLE-NEXT: ld t1, 0(t0)
; PEBBLE-NEXT: ld t0, 8(t0)
; PEBBLE-NEXT: sd t1, 0(sp)
; PEBBLE-NEXT: sd t0, 8(sp)
; PEBBLE-NEXT: call take_small
define void @small(ptr %s) {
  call void @take_small(ptr byval(%Small) align 8 %s)
  ret void
}

; 320 bytes would take 40 accesses: memcpy(copy, s, 320), made before the
; other arguments are computed.
; CHECK-LABEL: big:
; CHECK-DAG: mv a1, a0
; CHECK-DAG: li a2, 320
; CHECK: call memcpy
; CHECK-NEXT: li a0, 1
; CHECK: call take_big
; PEBBLE-LABEL: big:
; PEBBLE: addi s1, sp, 0
; PEBBLE: mv a0, s1
; PEBBLE-NEXT: call memcpy
; PEBBLE-NEXT: li a0, 1
; PEBBLE-NEXT: mv a1, s1
; PEBBLE-NEXT: call take_big
define void @big(ptr %s) {
  call void @take_big(i32 1, ptr byval(%Big) align 8 %s)
  ret void
}

; align 32, beyond the frame's 16: the copy's address is rounded to 32
; (llc realigns sp; pebble rounds the address of a slot 16 bytes larger).
; CHECK-LABEL: wide:
; CHECK: andi {{[a-z0-9]+}}, {{[a-z0-9]+}}, -32
; CHECK-COUNT-4: sd {{[a-z0-9]+}}, {{[0-9]+}}({{[a-z0-9]+}})
; CHECK: call take_wide
; PEBBLE-LABEL: wide:
; PEBBLE: andi a0, t1, -32
; PEBBLE: sd t1, 0(a0)
; PEBBLE-NEXT: sd t2, 8(a0)
; PEBBLE-NEXT: sd t3, 16(a0)
; PEBBLE-NEXT: sd t0, 24(a0)
; PEBBLE-NEXT: call take_wide
define void @wide(ptr %s) {
  call void @take_wide(ptr byval(%Wide) align 32 %s)
  ret void
}

; inalloca (and preallocated, whose setup intrinsics are refused) gets the
; ByVal flag in LLVM's LowerCallTo, so RISC-V copies it like byval.
; CHECK-LABEL: pass_inalloca:
; CHECK-NOT: call
; CHECK-DAG: ld {{[a-z0-9]+}}, {{-?[0-9]+}}({{[a-z0-9]+}})
; CHECK-DAG: ld {{[a-z0-9]+}}, {{-?[0-9]+}}({{[a-z0-9]+}})
; CHECK: call take_inalloca
; PEBBLE-LABEL: pass_inalloca:
; PEBBLE: addi a0, sp, 16
; PEBBLE-NEXT: ld t0, 0(sp)
; PEBBLE-NEXT: ld t1, 8(sp)
; PEBBLE-NEXT: sd t0, 16(sp)
; PEBBLE-NEXT: sd t1, 24(sp)
; PEBBLE-NEXT: call take_inalloca
declare void @take_inalloca(ptr inalloca(%Small))
define void @pass_inalloca() {
  %a = alloca inalloca %Small
  call void @take_inalloca(ptr inalloca(%Small) %a)
  ret void
}
