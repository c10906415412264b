; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; A counting loop: the induction variable %i takes the values 0..%n, so it
; and everything computed from it stay; %k enters as 7 and is passed
; around unchanged, so it is the constant 7 on every executable edge and
; its uses (and the multiplication by it, %m = 7 * 6) fold.

define i32 @count(i32 %n) {
; CHECK-LABEL: define {{.*}}i32 @count(
; CHECK:       loop:
; CHECK-NEXT:    [[I:%.*]] = phi i32 [ 0, %entry ], [ [[NEXT:%.*]], %loop ]
; CHECK-NEXT:    [[NEXT]] = add nsw i32 [[I]], 1
; CHECK-NEXT:    [[C:%.*]] = icmp slt i32 [[NEXT]], %n
; CHECK-NEXT:    br i1 [[C]], label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    [[R:%.*]] = add i32 [[NEXT]], 42
; CHECK-NEXT:    ret i32 [[R]]
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %k = phi i32 [ 7, %entry ], [ %k, %loop ]
  %next = add nsw i32 %i, 1
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit

exit:
  %m = mul i32 %k, 6
  %r = add i32 %next, %m
  ret i32 %r
}

; The exit test is false on the first iteration, so the back edge never
; executes: %i is 0 throughout, the loop body runs once and the branch
; folds to the exit.
define i32 @runs_once() {
; CHECK-LABEL: define {{.*}}i32 @runs_once(
; CHECK:       loop:
; CHECK-NEXT:    br label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 1
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %c = icmp slt i32 %i, 0
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %next
}
