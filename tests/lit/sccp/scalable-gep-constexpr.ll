; The constant-expression form of scalable-gep.ll: LLVM 19 parses a
; constant GEP stepping by <vscale x 4 x i32> (LLVM 22 rejects it), and
; pebble-sccp's constant-load reader asked LLVMABISizeOfType for the step,
; a fatal error in LLVM ("Invalid size request on a scalable vector"). The
; load now stays, and opt does not abort.

; REQUIRES: llvm-19
; RUN: %opt -passes=pebble-sccp -S %s | FileCheck %s

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

@g = constant [64 x i32] zeroinitializer

; CHECK-LABEL: define {{.*}}i32 @constant_expression(
; CHECK: load i32, ptr getelementptr (<vscale x 4 x i32>, ptr @g, i64 1)
define i32 @constant_expression() {
entry:
  %v = load i32, ptr getelementptr (<vscale x 4 x i32>, ptr @g, i64 1)
  ret i32 %v
}
