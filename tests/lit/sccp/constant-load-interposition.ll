; RUN: %opt -passes=pebble-sccp -S %s | FileCheck %s
; RUN: %opt -passes=sccp -S %s | FileCheck %s
;
; With the `SemanticInterposition` module flag (clang's
; -fsemantic-interposition) an external definition that is not `dso_local`
; may be replaced by another shared object at load time, so a load of it
; does not read its initializer; an internal constant is still read. Both
; RUN lines share the CHECK lines: LLVM's sccp does the same. (LLVM also
; reads a `dso_local` external constant here; the C API does not tell
; Pebble which globals are `dso_local`, so it reads only local ones.)

@external = constant i32 7
@internal = internal constant i32 8

define void @loads(ptr %out) {
; CHECK-LABEL: define void @loads(
; CHECK-NEXT:    [[A:%.*]] = load i32, ptr @external
; CHECK-NEXT:    store volatile i32 [[A]], ptr %out
; CHECK-NEXT:    store volatile i32 8, ptr %out
; CHECK-NEXT:    ret void
  %a = load i32, ptr @external
  store volatile i32 %a, ptr %out
  %b = load i32, ptr @internal
  store volatile i32 %b, ptr %out
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"SemanticInterposition", i32 1}
