; llvm.is.constant (C's __builtin_constant_p, kept by clang -O0) is lowered
; as LLVM's LowerConstantIntrinsics does in every llc pipeline: true exactly
; when the operand is a constant, of any type, false otherwise. Found on
; brotli's decoder (BROTLI_IS_CONSTANT), which pebble llc used to refuse.

; RUN: %pebble llc %s -o - | FileCheck %s
; RUN: llc -O0 %s -o - | FileCheck %s --check-prefix=LLC

target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: variable:
; CHECK: li a0, 0
; CHECK-NEXT: ret
; LLC-LABEL: variable:
; LLC: li a0, 0
define i1 @variable(i32 %x) {
  %r = call i1 @llvm.is.constant.i32(i32 %x)
  ret i1 %r
}

; CHECK-LABEL: constants:
; CHECK: li [[ONE:[a-z0-9]+]], 1
; CHECK-NOT: li
; CHECK: and a0,
; CHECK-NEXT: ret
define i1 @constants() {
  %a = call i1 @llvm.is.constant.i32(i32 7)
  %b = call i1 @llvm.is.constant.f64(double 1.5)
  %c = call i1 @llvm.is.constant.p0(ptr @g)
  %d = call i1 @llvm.is.constant.sl_i32i32s({ i32, i32 } { i32 1, i32 2 })
  %e = call i1 @llvm.is.constant.v2i64(<2 x i64> <i64 1, i64 2>)
  %ab = and i1 %a, %b
  %cd = and i1 %c, %d
  %abcd = and i1 %ab, %cd
  %r = and i1 %abcd, %e
  ret i1 %r
}

; A struct that is not a constant is not one either.
; CHECK-LABEL: aggregate:
; CHECK: li a0, 0
; CHECK-NEXT: ret
define i1 @aggregate(i32 %x) {
  %s = insertvalue { i32, i32 } { i32 1, i32 2 }, i32 %x, 0
  %r = call i1 @llvm.is.constant.sl_i32i32s({ i32, i32 } %s)
  ret i1 %r
}

; The branch it guards in C: the constant side is taken for a constant.
; CHECK-LABEL: guarded:
; CHECK: li [[K:[a-z0-9]+]], 1
; CHECK-NEXT: beq [[K]], zero,
; CHECK: li a0, 42
define i32 @guarded() {
entry:
  %k = call i1 @llvm.is.constant.i32(i32 42)
  br i1 %k, label %fold, label %slow
fold:
  ret i32 42
slow:
  ret i32 0
}

@g = global i32 0

declare i1 @llvm.is.constant.i32(i32)
declare i1 @llvm.is.constant.f64(double)
declare i1 @llvm.is.constant.p0(ptr)
declare i1 @llvm.is.constant.sl_i32i32s({ i32, i32 })
declare i1 @llvm.is.constant.v2i64(<2 x i64>)
