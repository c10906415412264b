; A musttail call is a guaranteed tail call, emitted as llc -O2 emits one:
; the arguments go to their registers, then the epilogue restores ra and
; the callee-saved registers and pops the frame, then `tail callee` (direct)
; or `jr` (indirect; pebble keeps the target in t4, neither callee-saved
; nor an argument register, where llc jumps through a0 itself). The `ret`
; after the call emits nothing. Both allocators, checked.

; RUN: %pebble llc -O0 --verify-regalloc %s -o - | FileCheck %s
; RUN: %pebble llc -O2 --verify-regalloc %s -o - | FileCheck %s
; LLVM 22's llc puts `.cfi_restore` lines inside the epilogue (19's does not):
; they are dropped, the LLC lines are about the instructions.
; RUN: llc -O2 -mattr=+m,+a,+f,+d,+c -target-abi=lp64d %s -o - | grep -v '\.cfi_' | FileCheck %s --check-prefix=LLC

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

declare i64 @g(i64)
declare i64 @h(i64, double, i64)

; A caller that calls first: ra and three callee-saved registers to restore.
; CHECK-LABEL: direct:
; CHECK: addi sp, sp, -32
; CHECK: call g
; CHECK: add a0, a0, s{{[0-9]+}}
; CHECK-DAG: mv a1, s{{[0-9]+}}
; CHECK-DAG: fmv.d fa0, fs0
; CHECK: ld ra, {{[0-9]+}}(sp)
; CHECK: fld fs0, {{[0-9]+}}(sp)
; CHECK-NEXT: addi sp, sp, 32
; CHECK-NEXT: tail h
; CHECK-NOT: ret
; CHECK: .size direct
; LLC-LABEL: direct:
; LLC: addi sp, sp, -32
; LLC: call g
; LLC: add a0, a0, s0
; LLC: ld ra, 24(sp)
; LLC: fld fs0, 0(sp)
; LLC-NEXT: addi sp, sp, 32
; LLC-NEXT: tail h
; LLC-NOT: ret
; LLC: .Lfunc_end0:
define i64 @direct(i64 %n, double %d, i64 %k) {
  %x = call i64 @g(i64 %n)
  %s = add i64 %x, %k
  %r = musttail call i64 @h(i64 %s, double %d, i64 %n)
  ret i64 %r
}

; A leaf calling through a pointer: no frame, no epilogue.
; CHECK-LABEL: indirect:
; CHECK-NOT: sp
; CHECK: addi a1, a1, 1
; CHECK-NEXT: mv t4, a0
; CHECK-NEXT: jr t4
; CHECK-NEXT: .size indirect
; LLC-LABEL: indirect:
; LLC: addi a1, a1, 1
; LLC-NEXT: jr a0
define i64 @indirect(ptr %f, i64 %a, double %d) {
  %b = add i64 %a, 1
  %r = musttail call i64 %f(ptr %f, i64 %b, double %d)
  ret i64 %r
}

; A void callee with a signext argument.
; CHECK-LABEL: void_callee:
; CHECK: addiw a0, a0, 1
; CHECK-NEXT: tail sink
; CHECK-NEXT: .size void_callee
; LLC-LABEL: void_callee:
; LLC: addiw a0, a0, 1
; LLC-NEXT: tail sink
define void @void_callee(i32 signext %x) {
  %y = add i32 %x, 1
  musttail call void @sink(i32 signext %y)
  ret void
}
declare void @sink(i32 signext)
