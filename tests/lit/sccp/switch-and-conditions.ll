; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=CHECK,SAME %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: %if llvm-22 %{ opt -passes=sccp -S %s | FileCheck --check-prefixes=SAME,LLVM-22 %s %}
;
; Predicates of `switch` cases and of the conditions under `and` and `or`
; (`read::copies`, LLVM 22's PredicateInfo `processSwitch` and its
; worklist of `m_LogicalAnd` / `m_LogicalOr` operands): in a case's block
; that the case alone enters, the switched value is the case value; past
; the true edge of `a && b` (an `and`, or `select a, b, false`) both are
; true, past the false edge of `a || b` both are false, and so for an
; `llvm.assume` of `a && b`. The SAME lines are also what LLVM 22's
; `opt -passes=sccp` prints (third RUN line); LLVM 19's function `sccp`
; uses no PredicateInfo and folds none of these. CHECK lines are
; Pebble's alone, LLVM-22 lines LLVM 22's where it differs.

declare void @use(i32)
declare void @llvm.assume(i1)

; Cases 3 and 7 each enter their block alone: %x is 3 and 7 there. Two
; cases share %shared and the default is every other value: nothing.
define i32 @switch_case_value(i32 %x) {
; SAME-LABEL: define {{.*}}i32 @switch_case_value(
; SAME:       three:
; SAME-NEXT:    call void @use(i32 4)
; SAME-NEXT:    ret i32 4
; SAME:       seven:
; SAME-NEXT:    ret i32 14
; SAME:       shared:
; SAME-NEXT:    call void @use(i32 %x)
; SAME:       other:
; SAME-NEXT:    call void @use(i32 %x)
; SAME-NEXT:    ret i32 %x
entry:
  switch i32 %x, label %other [
    i32 3, label %three
    i32 7, label %seven
    i32 9, label %shared
    i32 10, label %shared
  ]
three:
  %a = add i32 %x, 1
  call void @use(i32 %a)
  ret i32 %a
seven:
  %b = mul i32 %x, 2
  ret i32 %b
shared:
  call void @use(i32 %x)
  ret i32 0
other:
  call void @use(i32 %x)
  ret i32 %x
}

; The switched value may be an instruction; and a loop's phi is 0 in the
; case block however the phi widens.
define i32 @switch_on_instruction(i32 %v) {
; SAME-LABEL: define {{.*}}i32 @switch_on_instruction(
; SAME:       two:
; SAME-NEXT:    ret i32 16
; SAME:       other:
; SAME-NEXT:    ret i32 %x
entry:
  %x = and i32 %v, 15
  switch i32 %x, label %other [
    i32 2, label %two
  ]
two:
  %a = shl i32 %x, 3
  ret i32 %a
other:
  ret i32 %x
}

define i32 @switch_in_loop(i32 %n) {
; SAME-LABEL: define {{.*}}i32 @switch_in_loop(
; SAME:       first:
; SAME-NEXT:    call void @use(i32 10)
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  switch i32 %i, label %latch [
    i32 0, label %first
  ]
first:
  %f = add i32 %i, 10
  call void @use(i32 %f)
  br label %latch
latch:
  %next = add i32 %i, 1
  %c = icmp slt i32 %next, %n
  br i1 %c, label %head, label %exit
exit:
  ret i32 %i
}

define i32 @and_true_edge(i32 %x, i32 %y) {
; SAME-LABEL: define {{.*}}i32 @and_true_edge(
; SAME:       yes:
; SAME-NEXT:    ret i32 5
; SAME:       no:
; SAME-NEXT:    call void @use(i32 %x)
; SAME-NEXT:    ret i32 %y
entry:
  %cx = icmp eq i32 %x, 5
  %cy = icmp ult i32 %y, 1
  %both = and i1 %cx, %cy
  br i1 %both, label %yes, label %no
yes:
  %s = add i32 %x, %y
  ret i32 %s
no:
  call void @use(i32 %x)
  ret i32 %y
}

; The false edge of an `and` says nothing of either operand.
define i32 @and_false_edge_learns_nothing(i32 %x, i32 %y) {
; SAME-LABEL: define {{.*}}i32 @and_false_edge_learns_nothing(
; SAME:       no:
; SAME-NEXT:    %s = add i32 %x, %y
; SAME-NEXT:    ret i32 %s
entry:
  %cx = icmp eq i32 %x, 5
  %cy = icmp eq i32 %y, 1
  %both = and i1 %cx, %cy
  br i1 %both, label %yes, label %no
yes:
  ret i32 0
no:
  %s = add i32 %x, %y
  ret i32 %s
}

define i32 @or_false_edge(i32 %x, i32 %y) {
; SAME-LABEL: define {{.*}}i32 @or_false_edge(
; SAME:       yes:
; SAME-NEXT:    call void @use(i32 %x)
; SAME-NEXT:    ret i32 %y
; SAME:       no:
; SAME-NEXT:    ret i32 7
entry:
  %cx = icmp ne i32 %x, 5
  %cy = icmp ne i32 %y, 2
  %either = or i1 %cx, %cy
  br i1 %either, label %yes, label %no
yes:
  call void @use(i32 %x)
  ret i32 %y
no:
  %s = add i32 %x, %y
  ret i32 %s
}

define i32 @logical_and(i32 %x, i32 %y) {
; SAME-LABEL: define {{.*}}i32 @logical_and(
; SAME:       yes:
; SAME-NEXT:    ret i32 10
entry:
  %cx = icmp eq i32 %x, 4
  %cy = icmp eq i32 %y, 6
  %both = select i1 %cx, i1 %cy, i1 false
  br i1 %both, label %yes, label %no
yes:
  %s = add i32 %x, %y
  ret i32 %s
no:
  ret i32 0
}

; Two facts about one value narrow in turn: 4 < x < 6 is 5.
define i32 @range_twice(i32 %x) {
; SAME-LABEL: define {{.*}}i32 @range_twice(
; SAME:       yes:
; SAME-NEXT:    ret i32 6
entry:
  %lo = icmp ugt i32 %x, 4
  %hi = icmp ult i32 %x, 6
  %both = and i1 %lo, %hi
  br i1 %both, label %yes, label %no
yes:
  %s = add i32 %x, 1
  ret i32 %s
no:
  ret i32 0
}

; Nested `and`s; %xy has a use of its own past the edge, so it is `true`
; there too.
define i1 @nested_and(i32 %x, i32 %y, i32 %z) {
; SAME-LABEL: define {{.*}}i1 @nested_and(
; SAME:       yes:
; SAME-NEXT:    call void @use(i32 6)
; SAME-NEXT:    ret i1 true
entry:
  %cx = icmp eq i32 %x, 1
  %cy = icmp eq i32 %y, 2
  %cz = icmp eq i32 %z, 3
  %xy = and i1 %cx, %cy
  %all = and i1 %xy, %cz
  br i1 %all, label %yes, label %no
yes:
  %s = add i32 %x, %y
  %t = add i32 %s, %z
  call void @use(i32 %t)
  ret i1 %xy
no:
  ret i1 false
}

define i32 @assume_and(i32 %x, i32 %y) {
; SAME-LABEL: define {{.*}}i32 @assume_and(
; SAME:         call void @llvm.assume(i1 %both)
; SAME-NEXT:    ret i32 24
entry:
  %cx = icmp eq i32 %x, 8
  %cy = icmp eq i32 %y, 3
  %both = and i1 %cx, %cy
  call void @llvm.assume(i1 %both)
  %s = mul i32 %x, %y
  ret i32 %s
}

; Two facts of one `and` about one value under an assume: Pebble chains
; the copies as for a branch (x is 8); LLVM 22 keeps only the last one
; there (x <= 8), so it does not fold.
define i32 @assume_and_same_value(i32 %x) {
; SAME-LABEL: define {{.*}}i32 @assume_and_same_value(
; SAME:         call void @llvm.assume(i1 %both)
; CHECK-NEXT:   ret i32 24
; LLVM-22-NEXT: %s = mul i32 %x, 3
entry:
  %lo = icmp sge i32 %x, 8
  %hi = icmp sle i32 %x, 8
  %both = and i1 %lo, %hi
  call void @llvm.assume(i1 %both)
  %s = mul i32 %x, 3
  ret i32 %s
}

; STATS: pebble-sccp: @switch_case_value: 2 constants,
; STATS: pebble-sccp: @switch_on_instruction: 1 constants,
; STATS: pebble-sccp: @switch_in_loop: 1 constants,
; STATS: pebble-sccp: @and_true_edge: 1 constants,
; STATS: pebble-sccp: @and_false_edge_learns_nothing: 0 constants,
; STATS: pebble-sccp: @or_false_edge: 1 constants,
; STATS: pebble-sccp: @logical_and: 1 constants,
; STATS: pebble-sccp: @range_twice: 1 constants,
; STATS: pebble-sccp: @nested_and: 2 constants,
; STATS: pebble-sccp: @assume_and: 1 constants,
; STATS: pebble-sccp: @assume_and_same_value: 1 constants,
