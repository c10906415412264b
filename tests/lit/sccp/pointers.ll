; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
;
; Pointers in the lattice (`lattice`, `pointer`): a constant pointer
; carried through phis and selects, and pointers known not to be null (an
; `alloca`, an `inbounds` GEP of one). The CHECK lines of @phi_of_global
; are also what LLVM 19's and 22's `opt -passes=sccp` print, those of
; @alloca_is_not_null what LLVM 22's prints (LLVM 19 has no "not null");
; LLVM leaves @select_of_two_globals (its lattice goes to overdefined
; where two constants meet); the rest must not fold.

@g = internal global i32 0
@h = internal global i32 1
@weak = extern_weak global i32

; csmith's `int *p = &g; for (…) { … p = p; }`: the phi is @g.
define i32 @phi_of_global(i32 %n) {
; CHECK-LABEL: define {{.*}}i32 @phi_of_global(
; CHECK:       loop:
; CHECK-NOT:     phi ptr
; CHECK:       yes:
; CHECK-NEXT:    %v = load i32, ptr @g
; CHECK-NEXT:    ret i32 %v
entry:
  br label %loop
loop:
  %p = phi ptr [ @g, %entry ], [ %q, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = select i1 true, ptr %p, ptr @h
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %same = icmp eq ptr %q, @g
  br i1 %same, label %yes, label %no
yes:
  %v = load i32, ptr %p
  ret i32 %v
no:
  ret i32 -1
}

; `if (&local != NULL)`, `&a[2] == NULL`.
define i32 @alloca_is_not_null() {
; CHECK-LABEL: define {{.*}}i32 @alloca_is_not_null(
; CHECK-NOT:     icmp
; CHECK:         ret i32 1
  %a = alloca [4 x i32]
  %e = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 2
  %c = icmp eq ptr %e, null
  %d = icmp ne ptr null, %a
  %cz = zext i1 %c to i32
  %dz = zext i1 %d to i32
  %r = add i32 %cz, %dz
  ret i32 %r
}

; Two different globals, neither null: not one constant, but not null.
define i1 @select_of_two_globals(i1 %c) {
; CHECK-LABEL: define {{.*}}i1 @select_of_two_globals(
; CHECK-NEXT:    %p = select i1 %c, ptr @g, ptr @h
; CHECK-NEXT:    ret i1 false
  %p = select i1 %c, ptr @g, ptr @h
  %n = icmp eq ptr %p, null
  ret i1 %n
}

; Must not fold: an extern_weak global may be null; a GEP without
; inbounds may wrap to 0; two allocas are different but nothing says so
; here (the lattice has no "this alloca"); null may be a valid address.
define i1 @must_not_fold(i1 %c) {
; CHECK-LABEL: define {{.*}}i1 @must_not_fold(
; CHECK:         %weak.null = icmp eq ptr %w, null
; CHECK:         %wrap.null = icmp eq ptr %wrap, null
; CHECK:         %same = icmp eq ptr %a, %b
; CHECK:         %unknown = icmp eq ptr %a, %arg
  %w = select i1 %c, ptr @g, ptr @weak
  %weak.null = icmp eq ptr %w, null
  %a = alloca i32
  %b = alloca i32
  %wrap = getelementptr i8, ptr %a, i64 -100
  %wrap.null = icmp eq ptr %wrap, null
  %same = icmp eq ptr %a, %b
  %arg = load ptr, ptr %b
  %unknown = icmp eq ptr %a, %arg
  %r1 = or i1 %weak.null, %wrap.null
  %r2 = or i1 %same, %unknown
  %r = or i1 %r1, %r2
  ret i1 %r
}

define i1 @null_pointer_is_valid() null_pointer_is_valid {
; CHECK-LABEL: define {{.*}}i1 @null_pointer_is_valid(
; CHECK:         %n = icmp eq ptr %a, null
; CHECK-NEXT:    ret i1 %n
  %a = alloca i32
  %n = icmp eq ptr %a, null
  ret i1 %n
}

; STATS: pebble-sccp: @phi_of_global: 3 constants, 1 branches folded, 1 blocks removed, 0 flags added, 0 made unsigned, 0 uses replaced, 0 masks removed
; STATS: pebble-sccp: @alloca_is_not_null: 5 constants,
; STATS: pebble-sccp: @select_of_two_globals: 1 constants,
; STATS: pebble-sccp: @must_not_fold: 0 constants,
; STATS: pebble-sccp: @null_pointer_is_valid: 0 constants,
