; RUN: env MALLOC_PERTURB_=165 %opt -passes='pebble-sccp,verify' -S %s | FileCheck %s
;
; pebble-sccp erases removed masks (`and x, 255` → x) before it replaces
; signed instructions by unsigned ones and rebuilds phis, and replaces
; pointer phis by constants before it deletes dead blocks. Here the mask's
; operand is an `ashr` that becomes an `lshr` afterwards and its user is a
; phi; the loop's phis, one of them a pointer phi replaced by @g, lose the
; entry of a dead block that uses that phi: scripts/memcheck runs this
; file under valgrind, so a freed instruction touched again is a failure.

@g = internal global [2 x i32] zeroinitializer

define i32 @masks_and_pointers(i8 %b, i32 %n) {
; CHECK-LABEL: define i32 @masks_and_pointers(
; CHECK:         %s = lshr i32 %z, 1
; CHECK-NOT:     and i32
; CHECK:       join:
; CHECK-NEXT:    %m.phi = phi i32 [ %s, %entry ], [ %s, %loop ]
; CHECK-NOT:     phi ptr
; CHECK:         %v = load i32, ptr @g
entry:
  %z = zext i8 %b to i32
  %s = ashr i32 %z, 1
  %m = and i32 %s, 255
  %first = icmp eq i32 %n, 0
  br i1 %first, label %join, label %loop
loop:
  %p = phi ptr [ @g, %entry ], [ %p, %loop ], [ %p, %dead ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ], [ 0, %dead ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %join, label %loop
dead:
  %q = getelementptr inbounds i32, ptr %p, i64 1
  store i32 1, ptr %q
  br label %loop
join:
  %m.phi = phi i32 [ %m, %entry ], [ %m, %loop ]
  %p.out = phi ptr [ @g, %entry ], [ %p, %loop ]
  %v = load i32, ptr %p.out
  %r = add i32 %v, %m.phi
  ret i32 %r
}
