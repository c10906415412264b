; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; The example of the SCCP section of seed 004: every value is a constant,
; so the comparison is true, only %bb3 executes, the phi sees only its
; %bb3 entry and the function returns 100. %bb4 is removed and the branch
; becomes unconditional.

define i32 @seed() {
; CHECK-LABEL: define {{.*}}i32 @seed(
; CHECK-NEXT:  bb1:
; CHECK-NEXT:    br label %bb3
; CHECK:       bb3:
; CHECK-NEXT:    br label %bb2
; CHECK:       bb2:
; CHECK-NEXT:    ret i32 100
; CHECK-NEXT:  }
; CHECK-NOT:   bb4
bb1:
  %add-0 = add i32 1, 2
  %mul-0 = mul i32 %add-0, 10
  %sub-0 = sub i32 %mul-0, 100
  %cmp-0 = icmp slt i32 %sub-0, 100
  br i1 %cmp-0, label %bb3, label %bb4

bb3:
  br label %bb2

bb4:
  br label %bb2

bb2:
  %x-0 = phi i32 [ 200, %bb4 ], [ 100, %bb3 ]
  ret i32 %x-0
}
