; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefix=SAME %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: %if llvm-22 %{ opt -passes=sccp -S %s | FileCheck --check-prefix=SAME %s %}
;
; What a branch or a switch case says on an edge into a block with other
; predecessors holds for that block's phis on the edge only (LLVM 22's
; PredicateInfo, `EdgeUsesOnly`; `read::copies`, `edge_point`): not in the
; block, not on its other edges, not on a self-edge. The third RUN line
; checks LLVM 22's own `sccp` against the same lines; LLVM 19's does not
; narrow phi operands on edges (it keeps the phis of the first two).

define i32 @equal_on_edge(i32 %x, i1 %c) {
; SAME-LABEL: define {{.*}}i32 @equal_on_edge(
; SAME:       join:
; SAME-NEXT:    ret i32 5
entry:
  br i1 %c, label %a, label %join
a:
  %e = icmp eq i32 %x, 5
  br i1 %e, label %join, label %other
other:
  ret i32 0
join:
  %p = phi i32 [ 5, %entry ], [ %x, %a ]
  ret i32 %p
}

define i32 @switch_case_edge(i32 %x, i1 %c) {
; SAME-LABEL: define {{.*}}i32 @switch_case_edge(
; SAME:       join:
; SAME-NEXT:    ret i32 7
entry:
  br i1 %c, label %s, label %join
s:
  switch i32 %x, label %other [ i32 7, label %join ]
other:
  ret i32 %x
join:
  %p = phi i32 [ 7, %entry ], [ %x, %s ]
  ret i32 %p
}

; Only the entry on the edge gets the constant.
define i32 @not_on_other_edge(i32 %x, i1 %c) {
; SAME-LABEL: define {{.*}}i32 @not_on_other_edge(
; SAME:         %p = phi i32 [ 5, %entry ], [ 5, %a ], [ %x, %other ]
entry:
  br i1 %c, label %a, label %join
a:
  %e = icmp eq i32 %x, 5
  br i1 %e, label %join, label %other
other:
  br label %join
join:
  %p = phi i32 [ 5, %entry ], [ %x, %a ], [ %x, %other ]
  ret i32 %p
}

; A loop whose latch tests the next index: on the back edge it is below
; %n's bound, so the index never is negative and, on LLVM 22, the GEP
; gets `nuw` (sqlite3's unixShmPurge). On a self-edge nothing would be
; learnt (LLVM skips them).
define void @bounded_on_back_edge(ptr %base, i16 %len) {
; SAME-LABEL: define void @bounded_on_back_edge(
; SAME:         %q = getelementptr inbounds{{( nuw)?}} i32, ptr %base, i64 %i
entry:
  %n = zext i16 %len to i64
  %z = icmp eq i64 %n, 0
  br i1 %z, label %exit, label %body
body:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %q = getelementptr inbounds i32, ptr %base, i64 %i
  store i32 0, ptr %q
  br label %latch
latch:
  %next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %next, 100
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; STATS: pebble-sccp: @equal_on_edge: 1 constants,
; STATS: pebble-sccp: @switch_case_edge: 1 constants,
; STATS: pebble-sccp: @not_on_other_edge: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 1 uses replaced
