; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck --check-prefixes=STATS,STATS%llvm-major %s < %t.stats
;
; What a branch on `icmp` says about its operands in the blocks it alone
; enters, and an `llvm.assume` after it (`predicate`, LLVM's
; PredicateInfo): every CHECK line below is
; also what LLVM 22's `opt -passes=sccp` prints (LLVM 19's function `sccp`
; does not use PredicateInfo and folds none of these). `uses replaced`
; counts the operands that became constants in instructions that stay.

@table = internal constant [1 x i64] [i64 -1]

declare void @use(i32)

; `for (i = 0; i < 1; i++)`: in the body i is 0 (so the load of @table
; through it is read), after the loop 1.
define i32 @loop_runs_once() {
; CHECK-LABEL: define {{.*}}i32 @loop_runs_once(
; CHECK:       cond:
; CHECK-NEXT:    %i = phi i32 [ 0, %entry ], [ 1, %body ]
; CHECK:       body:
; CHECK-NEXT:    call void @use(i32 0)
; CHECK-NEXT:    call void @use(i32 -1)
; CHECK-NEXT:    br label %cond
; CHECK:       exit:
; CHECK-NEXT:    ret i32 1
entry:
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %body ]
  %c = icmp slt i32 %i, 1
  br i1 %c, label %body, label %exit
body:
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds [1 x i64], ptr @table, i64 0, i64 %idx
  %v = load i64, ptr %p
  %t = trunc i64 %v to i32
  call void @use(i32 %i)
  call void @use(i32 %t)
  %inc = add nsw i32 %i, 1
  br label %cond
exit:
  ret i32 %i
}

; `a == 7` on the true edge; on the false edge the same compare is false.
define i32 @equal_on_true_edge(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @equal_on_true_edge(
; CHECK:       then:
; CHECK-NEXT:    ret i32 14
; CHECK:       else:
; CHECK-NEXT:    ret i32 2
entry:
  %a = add i32 %x, 0
  %c = icmp eq i32 %a, 7
  br i1 %c, label %then, label %else
then:
  %r = mul i32 %a, 2
  ret i32 %r
else:
  %n = icmp eq i32 %a, 7
  %s = select i1 %n, i32 1, i32 2
  ret i32 %s
}

; The constant on the left: `3 <u a` is `a >u 3`.
define i32 @constant_on_the_left(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @constant_on_the_left(
; CHECK:       big:
; CHECK-NEXT:    ret i32 1
; CHECK:       small:
; CHECK-NEXT:    ret i32 1
entry:
  %a = and i32 %x, 15
  %c = icmp ult i32 3, %a
  br i1 %c, label %big, label %small
big:
  %b = icmp ugt i32 %a, 3
  %rb = zext i1 %b to i32
  ret i32 %rb
small:
  %s = icmp ule i32 %a, 3
  %rs = zext i1 %s to i32
  ret i32 %rs
}

; Two branches narrow in turn: a in [0, 10) and then above 8.
define i32 @nested(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @nested(
; CHECK:       inner:
; CHECK-NEXT:    ret i32 10
entry:
  %a = and i32 %x, 255
  %c1 = icmp ult i32 %a, 10
  br i1 %c1, label %outer, label %out
outer:
  %c2 = icmp ugt i32 %a, 8
  br i1 %c2, label %inner, label %out
inner:
  %r = add i32 %a, 1
  ret i32 %r
out:
  ret i32 0
}

; Must not: the true edge enters a block with another predecessor.
define i32 @join_has_two_preds(i32 %x, i1 %d) {
; CHECK-LABEL: define {{.*}}i32 @join_has_two_preds(
; CHECK:       join:
; CHECK-NEXT:    %r = add i32 %a, 1
entry:
  %a = add i32 %x, 0
  br i1 %d, label %test, label %join
test:
  %c = icmp eq i32 %a, 7
  br i1 %c, label %join, label %other
join:
  %r = add i32 %a, 1
  ret i32 %r
other:
  ret i32 0
}

; Must not: the use is after the two paths join.
define i32 @not_dominated(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @not_dominated(
; CHECK:       merge:
; CHECK-NEXT:    %r = add i32 %a, 1
entry:
  %a = add i32 %x, 0
  %c = icmp eq i32 %a, 7
  br i1 %c, label %then, label %merge
then:
  br label %merge
merge:
  %r = add i32 %a, 1
  ret i32 %r
}

; An argument is narrowed the same way.
define i32 @argument(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @argument(
; CHECK:       then:
; CHECK-NEXT:    ret i32 6
; CHECK:       else:
; CHECK-NEXT:    call void @use(i32 %x)
entry:
  %c = icmp eq i32 %x, 3
  br i1 %c, label %then, label %else
then:
  %r = mul i32 %x, 2
  ret i32 %r
else:
  call void @use(i32 %x)
  ret i32 0
}

; The condition itself past each edge, and `trunc nuw x to i1`'s x: 1
; past the true edge (LLVM 22 keeps %x there: it only learns x != 0), 0
; past the false one. Without `nuw` the high bits of x are unknown.
declare void @use1(i1)
declare void @use64(i64)
define void @condition_and_trunc(i1 %c, i64 %x, i64 %y) {
; CHECK-LABEL: define {{.*}}void @condition_and_trunc(
; CHECK:       yes:
; CHECK-NEXT:    call void @use64(i64 1)
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK:       no:
; CHECK-NEXT:    call void @use64(i64 0)
; CHECK-NEXT:    call void @use1(i1 false)
; CHECK:       y2:
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK:       n2:
; CHECK-NEXT:    call void @use1(i1 false)
; CHECK:       y3:
; CHECK-NEXT:    call void @use64(i64 %y)
; CHECK:       n3:
; CHECK-NEXT:    call void @use64(i64 %y)
entry:
  %t = trunc nuw i64 %x to i1
  br i1 %t, label %yes, label %no
yes:
  call void @use64(i64 %x)
  call void @use1(i1 %t)
  br label %c2
no:
  call void @use64(i64 %x)
  call void @use1(i1 %t)
  br label %c2
c2:
  br i1 %c, label %y2, label %n2
y2:
  call void @use1(i1 %c)
  br label %c3
n2:
  call void @use1(i1 %c)
  br label %c3
c3:
  %u = trunc i64 %y to i1
  br i1 %u, label %y3, label %n3
y3:
  call void @use64(i64 %y)
  ret void
n3:
  call void @use64(i64 %y)
  ret void
}

; `llvm.assume(c)`: what c says holds from the next instruction on, in
; its block and the blocks that block dominates (not before the assume).
declare void @llvm.assume(i1)
declare void @use32(i32)
declare void @usep(ptr)
define void @assumes(ptr %p, i32 %x) {
; CHECK-LABEL: define {{.*}}void @assumes(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %before = icmp ne ptr %p, null
; CHECK-NEXT:    call void @use1(i1 %before)
; CHECK-NEXT:    %c = icmp ne ptr %p, null
; CHECK-NEXT:    call void @llvm.assume(i1 %c)
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK-NEXT:    call void @use1(i1 false)
; CHECK-NEXT:    call void @use32(i32 %x)
; CHECK-NEXT:    %five = icmp eq i32 %x, 5
; CHECK-NEXT:    call void @llvm.assume(i1 %five)
; CHECK-NEXT:    call void @use32(i32 5)
; CHECK-NEXT:    br label %next
; CHECK:       next:
; CHECK-NEXT:    call void @use32(i32 5)
; CHECK-NEXT:    call void @use1(i1 false)
entry:
  %before = icmp ne ptr %p, null
  call void @use1(i1 %before)
  %c = icmp ne ptr %p, null
  call void @llvm.assume(i1 %c)
  %again = icmp ne ptr %p, null
  call void @use1(i1 %again)
  %eq = icmp eq ptr %p, null
  call void @use1(i1 %eq)
  call void @use32(i32 %x)
  %five = icmp eq i32 %x, 5
  call void @llvm.assume(i1 %five)
  call void @use32(i32 %x)
  br label %next
next:
  call void @use32(i32 %x)
  %null = icmp eq ptr %p, null
  call void @use1(i1 %null)
  ret void
}

; A pointer compared with null: null on one side (its uses get `null`),
; not null on the other, where an `inbounds` GEP of it is not null either.
define void @pointer_branch(ptr %p) {
; CHECK-LABEL: define {{.*}}void @pointer_branch(
; CHECK:       isnull:
; CHECK-NEXT:    call void @usep(ptr null)
; CHECK:       notnull:
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK-NEXT:    %g = getelementptr inbounds{{( nuw)?}} i8, ptr %p, i64 4
; CHECK-NEXT:    call void @use1(i1 false)
entry:
  %c = icmp eq ptr %p, null
  br i1 %c, label %isnull, label %notnull
isnull:
  call void @usep(ptr %p)
  ret void
notnull:
  %d = icmp ne ptr %p, null
  call void @use1(i1 %d)
  %g = getelementptr inbounds i8, ptr %p, i64 4
  %e = icmp eq ptr %g, null
  call void @use1(i1 %e)
  ret void
}

declare void @used(double)
declare void @use72(i72)
declare { i32, i1 } @llvm.uadd.with.overflow.i32(i32, i32)

; The narrowed value read by instructions the solver evaluates on floats,
; on integers wider than 64 bits and through a `*.with.overflow` call's
; fields: the branch condition itself (true in %t, false in %f's entry
; from %entry only) and `x == 41`. LLVM 22 keeps the dead
; `uadd.with.overflow` call (with 41 for its argument); Pebble erases a
; call whose fields are all replaced, and with it the use its `<stats>`
; would have counted.
define void @other_operations(ptr %p, i32 %x) {
; CHECK-LABEL: define void @other_operations(
; CHECK:       t:
; CHECK-NEXT:    call void @used(double 1.000000e+00)
; CHECK:       forty_one:
; CHECK-NEXT:    call void @use72(i72 41)
; CHECK-NOT:     extractvalue
; CHECK:         call void @use(i32 42)
; CHECK-NEXT:    call void @use1(i1 false)
; CHECK:       f:
; CHECK-NEXT:    %ff = sitofp i1 %c to double
entry:
  %c = load i1, ptr %p
  br i1 %c, label %t, label %f
t:
  %ft = uitofp i1 %c to double
  call void @used(double %ft)
  %k = icmp eq i32 %x, 41
  br i1 %k, label %forty_one, label %f
forty_one:
  %w = zext i32 %x to i72
  call void @use72(i72 %w)
  %o = call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %x, i32 1)
  %sum = extractvalue { i32, i1 } %o, 0
  %ov = extractvalue { i32, i1 } %o, 1
  call void @use(i32 %sum)
  call void @use1(i1 %ov)
  ret void
f:
  %ff = sitofp i1 %c to double
  call void @used(double %ff)
  ret void
}

; `x == 5` in %t, but the block that uses %x there never executes: it is
; deleted, and no use is counted as replaced (`<stats>` describes the
; output).
define i32 @dead_user(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @dead_user(
; CHECK:       live:
; CHECK-NEXT:    ret i32 1
entry:
  %c = icmp eq i32 %x, 5
  br i1 %c, label %t, label %e
t:
  br i1 false, label %dead, label %live
dead:
  call void @use(i32 %x)
  br label %live
live:
  %q = phi i32 [ %x, %dead ], [ 1, %t ]
  ret i32 %q
e:
  ret i32 0
}

; Under `a == 0`, a branch on `a < n` says `n > 0`: the compare's `%a` is
; read through the copy of `%a` that holds where the compare is, as LLVM's
; PredicateInfo renames the compare's operands (PCRE2's
; `internal_dfa_match`); read through nothing, it said `n > a`, any `n`
; but the minimum.
define i1 @other_operand_through_its_copy(i32 %a, i32 %n) {
; CHECK-LABEL: define {{.*}}i1 @other_operand_through_its_copy(
; CHECK:       positive:
; CHECK-NEXT:    ret i1 true
entry:
  %z = icmp eq i32 %a, 0
  br i1 %z, label %zero, label %out
zero:
  %lt = icmp slt i32 %a, %n
  br i1 %lt, label %positive, label %out
positive:
  %r = icmp sgt i32 %n, 0
  ret i1 %r
out:
  ret i1 false
}

; STATS: pebble-sccp: @loop_runs_once: 5 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 2 uses replaced
; STATS: pebble-sccp: @equal_on_true_edge: 3 constants,
; STATS: pebble-sccp: @constant_on_the_left: 4 constants,
; STATS: pebble-sccp: @nested: 1 constants,
; STATS: pebble-sccp: @join_has_two_preds: 0 constants,
; STATS: pebble-sccp: @not_dominated: 0 constants,
; STATS: pebble-sccp: @argument: 1 constants,
; STATS: pebble-sccp: @condition_and_trunc: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 6 uses replaced
; STATS: pebble-sccp: @assumes: 3 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 2 uses replaced
; The GEP's `nuw` (LLVM 22 only: `gep-nuw.ll`).
; STATS19: pebble-sccp: @pointer_branch: 2 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 1 uses replaced
; STATS22: pebble-sccp: @pointer_branch: 2 constants, 0 branches folded, 0 blocks removed, 1 flags added, 0 made unsigned, 1 uses replaced
; STATS: pebble-sccp: @other_operations: 5 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 0 uses replaced
; STATS: pebble-sccp: @dead_user: 1 constants, 1 branches folded, 1 blocks removed, 0 flags added, 0 made unsigned, 0 uses replaced
; STATS: pebble-sccp: @other_operand_through_its_copy: 1 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 1 uses replaced
