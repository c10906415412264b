; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; A phi meets its incoming values over executable edges only: %cold is
; never reached (the flag is false), so its 99 is ignored and %r is 1 even
; though its other incoming value differs. The phi %s also uses a value
; computed only in the dead block; without that entry it has one value,
; %x, and is replaced by it.

define i32 @one_edge(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @one_edge(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    [[T:%.*]] = add i32 %x, 1
; CHECK-NEXT:    ret i32 [[T]]
; CHECK-NOT:   cold:
entry:
  %flag = icmp ne i32 0, 0
  br i1 %flag, label %cold, label %join

cold:
  %y = mul i32 %x, 3
  br label %join

join:
  %r = phi i32 [ 1, %entry ], [ 99, %cold ]
  %s = phi i32 [ %x, %entry ], [ %y, %cold ]
  %t = add i32 %s, %r
  ret i32 %t
}

; Both edges execute (the condition is an argument): the phi meets two
; different constants and is overdefined.
define i32 @two_edges(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @two_edges(
; CHECK:         [[R:%.*]] = phi i32 [ 1, %entry ], [ 99, %other ]
; CHECK-NEXT:    ret i32 [[R]]
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %r = phi i32 [ 1, %entry ], [ 99, %other ]
  ret i32 %r
}

; Both edges execute and carry the same constant: the phi folds.
define i32 @same_constant(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @same_constant(
; CHECK:       join:
; CHECK-NEXT:    ret i32 5
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %r = phi i32 [ 5, %entry ], [ 5, %other ]
  ret i32 %r
}
