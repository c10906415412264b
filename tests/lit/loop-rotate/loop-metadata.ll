; The loop's `!llvm.loop` node (here `llvm.loop.mustprogress` and
; `#pragma unroll 4`'s `llvm.loop.unroll.count`) survives rotation as in
; LLVM's loop-rotate, which saves the loop ID before rotating and puts it
; on the new latch's branch (`processLoop`: getLoopID, setLoopID). @count:
; the old latch `for.inc` held the node; after rotation the old header is
; merged into it and its conditional branch carries the node. @two_latches:
; the `continue` gives two back edges, merged into `for.cond.backedge` first
; (loop-simplify moves the node from the old latches to it), then rotated.
; @folded: the latch is folded into its exiting predecessor
; (simplifyLoopLatch) and the loop is not rotated after that: the node goes
; to the exiting block's branch. Without this, unrolling and vectorizer
; hints and mustprogress were lost.

; RUN: %opt -passes=pebble-loop-rotate -S %s -o %t.pebble.ll
; RUN: FileCheck %s < %t.pebble.ll
; RUN: opt -passes=loop-rotate -S %s -o %t.llvm.ll
; RUN: FileCheck %s < %t.llvm.ll
; RUN: llvm-diff %t.pebble.ll %t.llvm.ll

; CHECK-LABEL: define i32 @count(
; CHECK:       for.body:
; CHECK:         br i1 %{{.*}}, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop [[COUNT:![0-9]+]]
; CHECK-NOT:     !llvm.loop
; CHECK-LABEL: define i32 @two_latches(
; CHECK:         br i1 %{{.*}}, label %for.body, label %for.cond.for.end_crit_edge, !llvm.loop [[TWO:![0-9]+]]
; CHECK-NOT:     !llvm.loop
; CHECK-LABEL: define void @folded(
; CHECK:         br i1 %{{.*}}, label %exit, label %header, !llvm.loop [[FOLDED:![0-9]+]]
; CHECK-NOT:     !llvm.loop
; CHECK-DAG:   [[COUNT]] = distinct !{[[COUNT]], [[MP:![0-9]+]], [[U4:![0-9]+]]}
; CHECK-DAG:   [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK-DAG:   [[U4]] = !{!"llvm.loop.unroll.count", i32 4}
; CHECK-DAG:   [[TWO]] = distinct !{[[TWO]], [[MP]]}
; CHECK-DAG:   [[FOLDED]] = distinct !{[[FOLDED]], [[MP]], [[U4]]}

define i32 @count(i32 %n) {
entry:
  br label %for.cond
for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %s = phi i32 [ 0, %entry ], [ %add, %for.inc ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %add = add nsw i32 %s, %i
  br label %for.inc
for.inc:
  %inc = add nsw i32 %i, 1
  br label %for.cond, !llvm.loop !0
for.end:
  ret i32 %s
}

define i32 @two_latches(i32 %n, i32 %m) {
entry:
  br label %for.cond
for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ], [ %inc, %if.end ]
  %s = phi i32 [ 0, %entry ], [ %one, %for.body ], [ %add, %if.end ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %inc = add nsw i32 %i, 1
  %one = add nsw i32 %s, 1
  %skip = icmp eq i32 %i, %m
  br i1 %skip, label %for.cond, label %if.end, !llvm.loop !3
if.end:
  %add = add nsw i32 %s, %i
  br label %for.cond, !llvm.loop !3
for.end:
  ret i32 %s
}

define void @folded(ptr %p) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %inc, %latch ]
  %v = load volatile i32, ptr %p
  %done = icmp eq i32 %v, 0
  br i1 %done, label %exit, label %latch
latch:
  %inc = add i32 %i, 1
  br label %header, !llvm.loop !4
exit:
  ret void
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.mustprogress"}
!2 = !{!"llvm.loop.unroll.count", i32 4}
!3 = distinct !{!3, !1}
!4 = distinct !{!4, !1, !2}
