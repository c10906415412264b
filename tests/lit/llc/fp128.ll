; long double (fp128) under lp64d is soft float: a value is a pair of
; integer registers, arithmetic and comparisons call libgcc (as llc does:
; __addtf3, __lttf2, __extenddftf2, __fixtfsi), constants are their exact
; bit patterns, and a variadic fp128 takes an aligned (even-odd) register
; pair.
; RUN: %pebble llc --verify-regalloc %s -o - | FileCheck %s
target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: add:
; CHECK: call __addtf3
; CHECK-NOT: call
; CHECK: ret
define fp128 @add(fp128 %a, fp128 %b) {
  %s = fadd fp128 %a, %b
  ret fp128 %s
}

; 1.0L: low word 0, high word 0x3fff000000000000.
; CHECK-LABEL: one_plus:
; CHECK-DAG: li a2, 0
; CHECK-DAG: li a3, 4611404543450677248
; CHECK: call __addtf3
define fp128 @one_plus(fp128 %a) {
  %s = fadd fp128 %a, 0xL00000000000000003FFF000000000000
  ret fp128 %s
}

; olt: __lttf2 < 0.
; CHECK-LABEL: less:
; CHECK: call __lttf2
; CHECK: slt a0, a0, {{[a-z0-9]+}}
define i1 @less(fp128 %a, fp128 %b) {
  %c = fcmp olt fp128 %a, %b
  ret i1 %c
}

; ueq: __eqtf2 == 0 or __unordtf2 != 0.
; CHECK-LABEL: ueq:
; CHECK: call __eqtf2
; CHECK: call __unordtf2
; CHECK: or
define i1 @ueq(fp128 %a, fp128 %b) {
  %c = fcmp ueq fp128 %a, %b
  ret i1 %c
}

; CHECK-LABEL: conv:
; CHECK: call __extenddftf2
; CHECK: call __fixtfsi
define i32 @conv(double %d) {
  %x = fpext double %d to fp128
  %i = fptosi fp128 %x to i32
  ret i32 %i
}

; CHECK-LABEL: neg:
; CHECK: li [[M:[a-z0-9]+]], -9223372036854775808
; CHECK: xor a1, a1, [[M]]
define fp128 @neg(fp128 %a) {
  %n = fneg fp128 %a
  ret fp128 %n
}

; The format string in a0, the int in a1, the fp128 in a2/a3 (a1 being
; odd, the pair starts at a2).
; CHECK-LABEL: variadic:
; CHECK-DAG: mv a2, {{[a-z0-9]+}}
; CHECK-DAG: mv a3, {{[a-z0-9]+}}
; CHECK: call printf
@fmt = private constant [8 x i8] c"%d %Lf\0A\00"
declare i32 @printf(ptr, ...)
define void @variadic(i32 %k, fp128 %x) {
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %k, fp128 %x)
  ret void
}

; CHECK-LABEL: ld_st:
; CHECK: ld [[L:[a-z0-9]+]], 0(a0)
; CHECK: ld [[H:[a-z0-9]+]], 8(a0)
; CHECK: sd [[L]], 0(a1)
; CHECK: sd [[H]], 8(a1)
define void @ld_st(ptr %p, ptr %q) {
  %v = load fp128, ptr %p, align 16
  store fp128 %v, ptr %q, align 16
  ret void
}

; CHECK-LABEL: gld:
; CHECK-NEXT: .byte 0,0,0,0,0,0,0,0,0,0,0,0,0,0,255,63
@gld = global fp128 0xL00000000000000003FFF000000000000, align 16
