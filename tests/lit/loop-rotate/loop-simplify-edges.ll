; Two of loop-simplify's and rotation's edge edits, as LLVM's loop-rotate
; makes them (both seen in csmith 22013's @func_68 on LLVM 22):
; * an unreachable block that branches into a loop's body is cut off: its
;   branch becomes `unreachable` and the body's phi loses its entry
;   (`dead_predecessors`, LLVM's `simplifyOneLoop`);
; * after rotating a loop whose preheader lies in an outer loop that the
;   exit leaves too, the new edge from the preheader to the exit is split
;   as well (`%outer.body.leave_crit_edge`), so the exit stays dedicated.
; The same checks pass on `opt -passes=loop-rotate`'s output (LLVM adds
; loop-closed phis for every loop; Pebble only for the rotated header's
; values, README "pebble-loop-rotate").

; RUN: %opt -passes='pebble-loop-rotate<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: opt -passes=loop-rotate -S %s | FileCheck %s

; STATS:      pebble-loop-rotate: @unreachable_into_loop: rotated 0 loops, folded 1 latch, cut 1 unreachable predecessor; skipped 1 (latch exits)
; STATS-NEXT: pebble-loop-rotate: @exit_leaves_outer: rotated 2 loops, folded 1 latch{{$}}

; CHECK-LABEL: define i32 @unreachable_into_loop(
; CHECK:       head:
; CHECK-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
; CHECK:       dead:
; CHECK-NEXT:    unreachable
define i32 @unreachable_into_loop(i32 %n) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %k = phi i32 [ %i, %head ], [ 7, %dead ]
  %i.next = add i32 %k, 1
  br label %head

dead:
  br label %body

exit:
  ret i32 %i
}

; CHECK-LABEL: define i32 @exit_leaves_outer(
; CHECK:       outer.body:
; CHECK:         br i1 %{{.*}}, label %inner.body.lr.ph, label %outer.body.leave_crit_edge
; CHECK:       outer.body.leave_crit_edge:
; CHECK:         br label %leave
; CHECK:       inner.leave_crit_edge:
; CHECK:       leave:
; CHECK-SAME:    preds = %{{inner|outer.body}}.leave_crit_edge, %{{inner|outer.body}}.leave_crit_edge{{$}}
define i32 @exit_leaves_outer(i32 %n, i32 %m) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %oc = icmp slt i32 %i, %n
  br i1 %oc, label %outer.body, label %done

outer.body:
  br label %inner

inner:
  %j = phi i32 [ 0, %outer.body ], [ %j.next, %inner.latch ]
  %ic = icmp slt i32 %j, %m
  br i1 %ic, label %inner.body, label %leave

inner.body:
  %j.next = add i32 %j, 1
  %stop = icmp eq i32 %j.next, 50
  br i1 %stop, label %outer.latch, label %inner.latch

inner.latch:
  br label %inner

outer.latch:
  %i.next = add i32 %i, 1
  br label %outer

leave:
  %r = add i32 %i, 1000
  ret i32 %r

done:
  ret i32 %i
}
