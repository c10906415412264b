; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=CHECK,SAME %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck --check-prefixes=SAME,LLVM-%llvm-major %s
;
; Values their metadata or attributes bound (`read::bounds`): `!range` on
; loads and calls, `range` on a call's result or an argument, `!nonnull`
; on loads, `nonnull`/`dereferenceable` on a call's result or an argument.
; The SAME lines are checked against LLVM's own `opt -passes=sccp` too
; (third RUN line); LLVM-19 and LLVM-22 lines say where that LLVM differs
; from Pebble: LLVM 19 reads no argument attribute and no `nonnull` call
; result, and erases an atomic load whose value it knows (LLVM 22 and
; Pebble keep it); where a call has both, LLVM 19 reads only `!range`,
; LLVM 22 only `range`, Pebble both; LLVM 22 also infers return ranges
; (`define range(…)`, not done by Pebble) and both fold the i128 case
; Pebble leaves.

declare i32 @get32()
declare void @use(i32)
declare void @use1(i1)
declare ptr @getp()
declare range(i32 0, 10) i32 @get_ranged()
declare nonnull ptr @get_nonnull()

define i1 @load_metadata(ptr %p) {
; SAME-LABEL: define {{.*}}i1 @load_metadata(
; SAME-NEXT:    %x = load i8, ptr %p, align 1, !range
; SAME-NEXT:    ret i1 true
  %x = load i8, ptr %p, !range !0
  %c = icmp ult i8 %x, 2
  ret i1 %c
}

; The callee's `range` and the call site's both count.
define i1 @call_attributes() {
; SAME-LABEL: define {{.*}}i1 @call_attributes(
; SAME-NEXT:    %x = call i32 @get_ranged()
; SAME-NEXT:    %y = call range(i32 0, 2) i32 @get32()
; SAME-NEXT:    ret i1 true
  %x = call i32 @get_ranged()
  %c = icmp ult i32 %x, 10
  %y = call range(i32 0, 2) i32 @get32()
  %d = icmp ult i32 %y, 2
  %r = and i1 %c, %d
  ret i1 %r
}

; Flags from a declared range, as from any other (`flags.ll`).
define i32 @flags_from_metadata(ptr %p) {
; SAME-LABEL: define {{.*}}i32 @flags_from_metadata(
; SAME-NEXT:    %x = load i32, ptr %p, align 4, !range
; SAME-NEXT:    %y = add nuw nsw i32 %x, 1
; SAME-NEXT:    %z = zext nneg i32 %x to i64
; SAME-NEXT:    ret i32 %y
  %x = load i32, ptr %p, !range !2
  %y = add i32 %x, 1
  %z = zext i32 %x to i64
  ret i32 %y
}

; One value: a load is erased; a call stays (it may have effects), and
; only its uses get the constant.
define i32 @one_value(ptr %p) {
; SAME-LABEL: define {{.*}}i32 @one_value(
; SAME-NEXT:    %c = call i32 @get32(), !range
; SAME-NEXT:    call void @use(i32 41)
; SAME-NEXT:    ret i32 82
  %l = load i32, ptr %p, !range !3
  %c = call i32 @get32(), !range !3
  call void @use(i32 %c)
  %s = add i32 %l, %c
  ret i32 %s
}

define i32 @one_value_atomic(ptr %p) {
; CHECK-LABEL: define {{.*}}i32 @one_value_atomic(
; CHECK-NEXT:    %x = load atomic i32, ptr %p seq_cst, align 4, !range
; CHECK-NEXT:    ret i32 42
; LLVM-19-LABEL: define {{.*}}i32 @one_value_atomic(
; LLVM-19-NEXT:    ret i32 42
; LLVM-22-LABEL: define {{.*}}i32 @one_value_atomic(
; LLVM-22-NEXT:    %x = load atomic i32, ptr %p seq_cst, align 4, !range
; LLVM-22-NEXT:    ret i32 42
  %x = load atomic i32, ptr %p seq_cst, align 4, !range !3
  %y = add i32 %x, 1
  ret i32 %y
}

; Several pieces: their hull, [0, 7). Wrapping: {-2, -1, 0, 1}.
define void @pieces_and_wrapping(ptr %p, ptr %q) {
; SAME-LABEL: define {{.*}}void @pieces_and_wrapping(
; SAME:         call void @use1(i1 true)
; SAME-NEXT:    %d = icmp ult i8 %x, 6
; SAME-NEXT:    call void @use1(i1 %d)
; SAME:         call void @use1(i1 true)
  %x = load i8, ptr %p, !range !4
  %c = icmp ult i8 %x, 7
  call void @use1(i1 %c)
  %d = icmp ult i8 %x, 6
  call void @use1(i1 %d)
  %w = load i8, ptr %q, !range !5
  %s = icmp slt i8 %w, 2
  call void @use1(i1 %s)
  ret void
}

; Metadata and attribute together: the value is in both, [3, 10). LLVM
; 19 reads only the metadata, LLVM 22 only the attribute.
define void @metadata_and_attribute() {
; CHECK-LABEL: define {{.*}}void @metadata_and_attribute(
; CHECK-NEXT:    %x = call i32 @get_ranged(), !range
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK-NEXT:    call void @use1(i1 true)
; LLVM-19-LABEL: define {{.*}}void @metadata_and_attribute(
; LLVM-19:         call void @use1(i1 true)
; LLVM-19-NEXT:    %below = icmp ult i32 %x, 10
; LLVM-22-LABEL: define {{.*}}void @metadata_and_attribute(
; LLVM-22:         %above = icmp ugt i32 %x, 2
; LLVM-22-NEXT:    call void @use1(i1 %above)
; LLVM-22-NEXT:    call void @use1(i1 true)
  %x = call i32 @get_ranged(), !range !6
  %above = icmp ugt i32 %x, 2
  call void @use1(i1 %above)
  %below = icmp ult i32 %x, 10
  call void @use1(i1 %below)
  ret void
}

define void @arguments(i32 range(i32 5, 6) %a, ptr nonnull %p, ptr dereferenceable(4) %q) {
; CHECK-LABEL: define {{.*}}void @arguments(
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK-NEXT:    call void @use1(i1 true)
; LLVM-22-LABEL: define {{.*}}void @arguments(
; LLVM-22-NEXT:    call void @use1(i1 true)
; LLVM-22-NEXT:    call void @use1(i1 true)
; LLVM-22-NEXT:    call void @use1(i1 true)
; LLVM-19-LABEL: define {{.*}}void @arguments(
; LLVM-19-NEXT:    %five = icmp eq i32 %a, 5
  %five = icmp eq i32 %a, 5
  call void @use1(i1 %five)
  %p.set = icmp ne ptr %p, null
  call void @use1(i1 %p.set)
  %q.set = icmp ne ptr %q, null
  call void @use1(i1 %q.set)
  ret void
}

define void @non_null_values(ptr %p) {
; CHECK-LABEL: define {{.*}}void @non_null_values(
; CHECK-NEXT:    %l = load ptr, ptr %p, align 8, !nonnull
; CHECK-NEXT:    call void @use1(i1 false)
; CHECK-NEXT:    %c = call ptr @get_nonnull()
; CHECK-NEXT:    call void @use1(i1 false)
; LLVM-22-LABEL: define {{.*}}void @non_null_values(
; LLVM-22-NEXT:    %l = load ptr, ptr %p, align 8, !nonnull
; LLVM-22-NEXT:    call void @use1(i1 false)
; LLVM-22-NEXT:    %c = call ptr @get_nonnull()
; LLVM-22-NEXT:    call void @use1(i1 false)
; LLVM-19-LABEL: define {{.*}}void @non_null_values(
; LLVM-19:         call void @use1(i1 false)
; LLVM-19:         %c.null = icmp eq ptr %c, null
  %l = load ptr, ptr %p, !nonnull !1
  %l.null = icmp eq ptr %l, null
  call void @use1(i1 %l.null)
  %c = call ptr @get_nonnull()
  %c.null = icmp eq ptr %c, null
  call void @use1(i1 %c.null)
  ret void
}

; A branch on a declared range: the dead side goes.
define i32 @branch(ptr %p) {
; SAME-LABEL: define {{.*}}i32 @branch(
; SAME-NEXT:  entry:
; SAME-NEXT:    %x = load i8, ptr %p, align 1, !range
; SAME-NEXT:    br label %live
; SAME-NOT:   dead:
entry:
  %x = load i8, ptr %p, !range !0
  %c = icmp ugt i8 %x, 1
  br i1 %c, label %dead, label %live
dead:
  ret i32 1
live:
  ret i32 0
}

; Must stay, in LLVM as in Pebble: a volatile load's metadata is not read;
; a musttail call's result must be returned as it is; `dereferenceable`
; says nothing of null where null is a valid address; a `range` on a
; call's result says nothing of its argument.
define i1 @must_stay(ptr %p, ptr dereferenceable(4) %q, i32 %n) null_pointer_is_valid {
; SAME-LABEL: define {{.*}}i1 @must_stay(
; SAME:         %c = icmp ult i8 %v, 2
; SAME:         %q.set = icmp ne ptr %q, null
; SAME:         %n.small = icmp ult i32 %n, 2
  %v = load volatile i8, ptr %p, !range !0
  %c = icmp ult i8 %v, 2
  %q.set = icmp ne ptr %q, null
  %m = call range(i32 0, 2) i32 @id(i32 %n)
  %n.small = icmp ult i32 %n, 2
  %r1 = and i1 %c, %q.set
  %r = and i1 %r1, %n.small
  ret i1 %r
}

define i32 @musttail() {
; SAME-LABEL: define {{.*}}i32 @musttail(
; SAME-NEXT:    %x = musttail call i32 @get_ranged()
; SAME-NEXT:    ret i32 %x
  %x = musttail call i32 @get_ranged()
  ret i32 %x
}

; Integers wider than 64 bits have no ranges in Pebble (LLVM folds this).
define i1 @wide(ptr %p) {
; CHECK-LABEL: define {{.*}}i1 @wide(
; CHECK:         %c = icmp ult i128 %x, 2
; LLVM-19-LABEL: define {{.*}}i1 @wide(
; LLVM-19-NEXT:    %x = load i128
; LLVM-19-NEXT:    ret i1 true
  %x = load i128, ptr %p, !range !7
  %c = icmp ult i128 %x, 2
  ret i1 %c
}

declare i32 @id(i32)

; STATS: pebble-sccp: @load_metadata: 1 constants,
; STATS: pebble-sccp: @call_attributes: 3 constants,
; STATS: pebble-sccp: @flags_from_metadata: 0 constants, 0 branches folded, 0 blocks removed, 3 flags added,
; STATS: pebble-sccp: @one_value: 2 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 1 uses replaced,
; STATS: pebble-sccp: @one_value_atomic: 1 constants, {{.*}} 0 uses replaced,
; STATS: pebble-sccp: @pieces_and_wrapping: 2 constants,
; STATS: pebble-sccp: @metadata_and_attribute: 2 constants,
; STATS: pebble-sccp: @arguments: 3 constants,
; STATS: pebble-sccp: @non_null_values: 2 constants,
; STATS: pebble-sccp: @branch: 1 constants, 1 branches folded, 1 blocks removed,
; STATS: pebble-sccp: @must_stay: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 0 uses replaced,
; STATS: pebble-sccp: @musttail: 0 constants,

!0 = !{i8 0, i8 2}
!1 = !{}
!2 = !{i32 0, i32 100}
!3 = !{i32 41, i32 42}
!4 = !{i8 0, i8 2, i8 5, i8 7}
!5 = !{i8 -2, i8 2}
!6 = !{i32 3, i32 20}
!7 = !{i128 0, i128 2}
