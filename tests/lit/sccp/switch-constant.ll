; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; A switch on a value SCCP proves to be 2: only the `2` case executes. The
; switch becomes `br`, the other cases are removed and the phi keeps only
; the entry of the case taken.

define i32 @pick() {
; CHECK-LABEL: define {{.*}}i32 @pick(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %two
; CHECK:       two:
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    ret i32 20
; CHECK-NOT:   one:
; CHECK-NOT:   other:
entry:
  %v = add i32 1, 1
  switch i32 %v, label %other [
    i32 1, label %one
    i32 2, label %two
  ]

one:
  br label %join

two:
  br label %join

other:
  br label %join

join:
  %r = phi i32 [ 10, %one ], [ 20, %two ], [ 30, %other ]
  ret i32 %r
}

; No case matches 5: the default is taken.
define i32 @to_default() {
; CHECK-LABEL: define {{.*}}i32 @to_default(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %other
; CHECK:       other:
; CHECK-NEXT:    ret i32 30
entry:
  switch i32 5, label %other [
    i32 1, label %one
  ]

one:
  ret i32 10

other:
  ret i32 30
}

; Two cases and the default lead to %join and the taken case is one of
; them: the new `br` is a single edge, so the phi of %join must end up
; with exactly one entry (the verifier checks one entry per edge); with a
; single value left it is replaced by that value.
define i32 @duplicate_edges(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @duplicate_edges(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    ret i32 %x
entry:
  switch i32 3, label %join [
    i32 3, label %join
    i32 4, label %join
    i32 5, label %away
  ]

away:
  br label %join

join:
  %p = phi i32 [ %x, %entry ], [ %x, %entry ], [ %x, %entry ], [ 0, %away ]
  ret i32 %p
}

; A switch on an argument is left alone.
; The same, but two edges remain (both cases taken by an unknown value
; lead to %join): the rebuilt phi has one entry per remaining edge.
define i32 @two_edges_remain(i32 %x, i32 %y) {
; CHECK-LABEL: define {{.*}}i32 @two_edges_remain(
; CHECK:       join:
; CHECK-NEXT:    [[P:%.*]] = phi i32 [ %x, %go ], [ %x, %go ], [ %y, %mid ]
; CHECK-NEXT:    ret i32 [[P]]
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %go, label %away

go:
  switch i32 %y, label %mid [
    i32 3, label %join
    i32 4, label %join
  ]

mid:
  br label %join

away:
  br label %join

join:
  %p = phi i32 [ %x, %go ], [ %x, %go ], [ %y, %mid ], [ 0, %away ]
  ret i32 %p
}

define i32 @unknown(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @unknown(
; CHECK:         switch i32 %x, label %other [
entry:
  switch i32 %x, label %other [
    i32 1, label %one
  ]

one:
  ret i32 10

other:
  ret i32 30
}
