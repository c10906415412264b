; A constant GEP whose source element type is a scalable vector steps by
; vscale x 16 bytes: its offset is not a constant. pebble-sccp's reader of
; constant loads asked LLVMABISizeOfType for that step, which LLVM makes a
; fatal error ("Invalid size request on a scalable vector") and opt aborted
; (a sibling of issue 15 item 7, found by the scalable-type audit). Now the
; reader gives up on the load, which stays; the zero-index step still has a
; known offset (0) but Pebble, like any reader, cannot size the step type,
; so it is left too. LLVM's sccp folds the load through the global's zero
; initialiser instead; only the absence of a crash is Pebble's claim here.
; The constant-expression form (LLVM 19 only: 22 rejects a scalable base in
; a constant GEP) is scalable-gep-constexpr.ll.

; RUN: %opt -passes=pebble-sccp -S %s | FileCheck %s
; RUN: %opt -passes='pebble-sroa,pebble-sccp,pebble-loop-rotate' -S %s | FileCheck %s

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128"
target triple = "aarch64-unknown-linux-gnu"

@g = constant [64 x i32] zeroinitializer

; CHECK-LABEL: define {{.*}}i32 @instruction(
; CHECK: %p = getelementptr <vscale x 4 x i32>, ptr @g, i64 1
; CHECK: load i32, ptr %p
define i32 @instruction() {
entry:
  %p = getelementptr <vscale x 4 x i32>, ptr @g, i64 1
  %v = load i32, ptr %p
  ret i32 %v
}

; A fixed alloca addressed through a scalable step: pebble-sroa must not ask
; the step's size either (it keeps the alloca: the offset is unknown).
; CHECK-LABEL: define {{.*}}i32 @alloca_step(
; CHECK: ret i32
define i32 @alloca_step() {
entry:
  %a = alloca [64 x i32]
  %p = getelementptr <vscale x 4 x i32>, ptr %a, i64 1
  store i32 7, ptr %p
  %v = load i32, ptr %p
  ret i32 %v
}
