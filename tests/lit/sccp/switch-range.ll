; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; A switch on a value known to lie in a range: cases outside the range
; are removed, and the default too when the cases cover the range (LLVM
; 19's getFeasibleSuccessors). The blocks only they reached are deleted.

; `zext i1` is 0 or 1: case 7 and the default cannot be taken. The
; rebuilt switch sends its default to the first kept case's block (no value
; reaches it; LLVM makes a new `default.unreachable` block instead), and
; %seven and %other are deleted.
define i32 @covered(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @covered(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[V:%.*]] = zext i1 %c to i32
; CHECK-NEXT:    switch i32 [[V]], label %zero [
; CHECK-NEXT:      i32 0, label %zero
; CHECK-NEXT:      i32 1, label %one
; CHECK-NEXT:    ]
; CHECK:       join:
; CHECK-NEXT:    [[R:%.*]] = phi i32 [ 10, %zero ], [ 20, %one ]
; CHECK-NOT:   seven:
; CHECK-NOT:   other:
entry:
  %v = zext i1 %c to i32
  switch i32 %v, label %other [
    i32 0, label %zero
    i32 1, label %one
    i32 7, label %seven
  ]

zero:
  br label %join

one:
  br label %join

seven:
  br label %join

other:
  br label %join

join:
  %r = phi i32 [ 10, %zero ], [ 20, %one ], [ 30, %seven ], [ 40, %other ]
  ret i32 %r
}

; `and %x, 3` is in [0, 3]: case 9 is dead, the default is not (2 and 3
; reach it).
define i32 @partly_covered(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @partly_covered(
; CHECK:         switch i32 [[V:%.*]], label %other [
; CHECK-NEXT:      i32 0, label %zero
; CHECK-NEXT:    ]
; CHECK:       other:
; CHECK-NEXT:    ret i32 40
; CHECK-NOT:   nine:
entry:
  %v = and i32 %x, 3
  switch i32 %v, label %other [
    i32 0, label %zero
    i32 9, label %nine
  ]

zero:
  ret i32 10

nine:
  ret i32 30

other:
  ret i32 40
}

; `or (zext i1 %c), 5` is 5 for both values of %c: a constant, so the
; switch becomes a `br` to the case of 5.
define i32 @one_value_left(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @one_value_left(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[Z:%.*]] = zext i1 %c to i32
; CHECK-NEXT:    br label %five
; CHECK:       five:
; CHECK-NEXT:    ret i32 50
entry:
  %z = zext i1 %c to i32
  %v = or i32 %z, 5
  switch i32 %v, label %other [
    i32 5, label %five
    i32 6, label %six
  ]

five:
  ret i32 50

six:
  ret i32 60

other:
  ret i32 0
}
