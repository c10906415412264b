; musttail calls that llc (19 and 22) cannot emit, and pebble does: stack
; arguments are written into the caller's own incoming argument area
; (sp + frame size), which the identical prototype makes exactly large
; enough; an sret pointer is passed on as the ordinary first argument the
; psABI makes it. The frame is popped through t6 when it is too large for
; an addi, and through s0 when a variable-length alloca moved sp; an
; indirect target waits in t4 meanwhile.

; RUN: %pebble llc -O0 --verify-regalloc %s -o - | FileCheck %s
; RUN: %pebble llc -O2 --verify-regalloc %s -o - | FileCheck %s
; RUN: not --crash llc -O2 -mattr=+m,+a,+f,+d,+c -target-abi=lp64d %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LLC

; LLC: LLVM ERROR: failed to perform tail call elimination on a call site marked musttail

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

declare void @use(ptr)
declare i64 @ten_callee(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)

; Stack arguments 9 and 10 arrive at 96(sp) and 104(sp) (the frame is 96
; bytes) and leave there, rewritten, before the epilogue.
; CHECK-LABEL: ten_framed:
; CHECK: addi sp, sp, -96
; CHECK: ld [[I:s[0-9]+]], 96(sp)
; CHECK: ld [[J:s[0-9]+]], 104(sp)
; CHECK: call use
; CHECK: add [[K:t[0-9]]], [[I]], [[J]]
; CHECK: sd [[K]], 96(sp)
; CHECK-NEXT: sd [[I]], 104(sp)
; CHECK: ld ra, 0(sp)
; CHECK: addi sp, sp, 96
; CHECK-NEXT: tail ten_callee
; CHECK-NOT: ret
; CHECK: .size ten_framed
define i64 @ten_framed(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h, i64 %i, i64 %j) {
  call void @use(ptr null)
  %k = add i64 %i, %j
  %r = musttail call i64 @ten_callee(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h, i64 %k, i64 %i)
  ret i64 %r
}

%struct.Q = type { i64, i64, i64, i64 }
declare void @q_callee(ptr sret(%struct.Q) align 8, i64)

; CHECK-LABEL: q:
; CHECK-NOT: a0
; CHECK: addi a1, a1, 1
; CHECK-NEXT: tail q_callee
define void @q(ptr sret(%struct.Q) align 8 %out, i64 %x) {
  %y = add i64 %x, 1
  musttail call void @q_callee(ptr sret(%struct.Q) align 8 %out, i64 %y)
  ret void
}

; CHECK-LABEL: big_frame:
; CHECK: li t6, 4128
; CHECK-NEXT: sub sp, sp, t6
; CHECK: call use
; CHECK: mv t4, [[F:s[0-9]+]]
; CHECK: mv a0, [[F]]
; CHECK: li t6, 4128
; CHECK-NEXT: add sp, sp, t6
; CHECK-NEXT: jr t4
define i64 @big_frame(ptr %f, i64 %n) {
  %buf = alloca [4096 x i8], align 16
  call void @use(ptr %buf)
  %r = musttail call i64 %f(ptr %f, i64 %n)
  ret i64 %r
}

; CHECK-LABEL: vla:
; CHECK: mv s0, sp
; CHECK: sub sp, sp, t6
; CHECK: call use
; CHECK: mv t4, [[F:s[0-9]+]]
; CHECK: mv sp, s0
; CHECK-NEXT: ld ra, 0(sp)
; CHECK: addi sp, sp, 32
; CHECK-NEXT: jr t4
define i64 @vla(ptr %f, i64 %n) {
  %buf = alloca i8, i64 %n, align 16
  call void @use(ptr %buf)
  %r = musttail call i64 %f(ptr %f, i64 %n)
  ret i64 %r
}
