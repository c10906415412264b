; A droppable use (an `llvm.assume` operand bundle) does not stop
; promotion: the use is dropped the way LLVM's `dropDroppableUse` does it,
; the bundle keeps its place and its other operands but its tag becomes
; "ignore" and the alloca operand becomes a constant, so the assumption no
; longer speaks of the deleted slot. Bundles that do not mention the
; alloca keep their tags (@assume_bundle_other), and a zero-index GEP used
; only by a bundle is dropped with it (@assume_via_zero_gep).
;
; Like LLVM's dropDroppableUse, the dropped operand becomes `undef` on LLVM 19
; (`"ignore"(ptr undef, i64 4)`) and `poison` on LLVM 22; the LLVM lines pin
; what opt prints so a change on either side shows up, and the DROPPED lines
; which of the two each version gives, in both passes.

; RUN: %opt -passes='pebble-mem2reg,verify' -S %s | FileCheck %s --check-prefixes=CHECK,OURS \
; RUN:   '--implicit-check-not== alloca'
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefixes=CHECK,LLVM
; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s --check-prefix=DROPPED-%llvm-major
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=DROPPED-%llvm-major
; DROPPED-19: define i32 @assume_bundle(
; DROPPED-19: "ignore"(ptr undef, i64 4), "ignore"(ptr undef) ]
; DROPPED-22: define i32 @assume_bundle(
; DROPPED-22: "ignore"(ptr poison, i64 4), "ignore"(ptr poison) ]

declare void @llvm.assume(i1)

define i32 @assume_bundle() {
; CHECK-LABEL: define i32 @assume_bundle(
; CHECK-NEXT:  entry:
; OURS-NEXT:     call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}, i64 4), "ignore"(ptr {{undef|poison}}) ]
; OURS-NEXT:     call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}, i64 8) ]
; LLVM-NEXT:     call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}, i64 4), "ignore"(ptr {{undef|poison}}) ]
; LLVM-NEXT:     call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}, i64 8) ]
; CHECK-NEXT:    ret i32 7
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  store i32 7, ptr %a
  call void @llvm.assume(i1 true) [ "align"(ptr %a, i64 4), "nonnull"(ptr %a) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %a, i64 8) ]
  %v = load i32, ptr %a
  ret i32 %v
}

define i32 @assume_bundle_other(ptr %q) {
; CHECK-LABEL: define i32 @assume_bundle_other(
; CHECK-NEXT:  entry:
; OURS-NEXT:     call void @llvm.assume(i1 true) [ "nonnull"(ptr %q), "ignore"(ptr {{undef|poison}}, i64 4) ]
; LLVM-NEXT:     call void @llvm.assume(i1 true) [ "nonnull"(ptr %q), "ignore"(ptr {{undef|poison}}, i64 4) ]
; CHECK-NEXT:    ret i32 7
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  store i32 7, ptr %a
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %q), "dereferenceable"(ptr %a, i64 4) ]
  %v = load i32, ptr %a
  ret i32 %v
}

define i32 @assume_via_zero_gep() {
; CHECK-LABEL: define i32 @assume_via_zero_gep(
; CHECK-NEXT:  entry:
; OURS-NEXT:     call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}) ]
; LLVM-NEXT:     call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}) ]
; CHECK-NEXT:    ret i32 7
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  %g = getelementptr i32, ptr %a, i32 0
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %g) ]
  store i32 7, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
}

; The call keeps its attributes and metadata (droppable-use-keeps-call.ll
; checks them in detail).
define i32 @assume_with_attributes_and_metadata() {
; CHECK-LABEL: define i32 @assume_with_attributes_and_metadata(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @llvm.assume(i1 true) #[[ATTR:[0-9]+]] [ "ignore"(ptr {{undef|poison}}, i64 4) ], !annotation [[MD:![0-9]+]]
; CHECK-NEXT:    ret i32 7
; CHECK-NEXT:  }
; LLVM:        attributes #[[ATTR]] = { nounwind }
; LLVM:        [[MD]] = !{!"keep me"}
entry:
  %a = alloca i32
  store i32 7, ptr %a
  call void @llvm.assume(i1 true) #0 [ "align"(ptr %a, i64 4) ], !annotation !0
  %v = load i32, ptr %a
  ret i32 %v
}

attributes #0 = { nounwind }
!0 = !{!"keep me"}
