; When pebble-mem2reg drops an assume-bundle use of a promoted alloca it
; rebuilds the call (the C API cannot retag a bundle in place). The rebuilt
; call must keep the original's call-site attributes (#0 here) and its
; metadata (!annotation, !dbg), as LLVM's in-place dropDroppableUse does
; (droppable-uses.ll pins LLVM's output with the LLVM prefix).

; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s

declare void @llvm.assume(i1)

define i32 @assume_with_attributes_and_metadata() {
; CHECK-LABEL: define i32 @assume_with_attributes_and_metadata(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @llvm.assume(i1 true) #[[ATTR:[0-9]+]] [ "ignore"(ptr {{undef|poison}}, i64 4) ], !annotation [[MD:![0-9]+]]
; CHECK-NEXT:    ret i32 7
; CHECK-NEXT:  }
; CHECK:       attributes #[[ATTR]] = { nounwind }
; CHECK:       [[MD]] = !{!"keep me"}
entry:
  %a = alloca i32
  store i32 7, ptr %a
  call void @llvm.assume(i1 true) #0 [ "align"(ptr %a, i64 4) ], !annotation !0
  %v = load i32, ptr %a
  ret i32 %v
}

attributes #0 = { nounwind }
!0 = !{!"keep me"}
