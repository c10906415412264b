; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=CHECK,PEBBLE %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: %opt -passes=sccp -S %s | FileCheck --check-prefixes=CHECK,LLVM %s
;
; `undef` and `poison` resolved as LLVM's SCCP solver does (LLVM 19's
; SCCPSolver.cpp and ValueLattice.cpp; LLVM 22 gives the same output on this
; file). The CHECK lines hold for `pebble-sccp` and for LLVM's `sccp` on
; the same input (second RUN line); PEBBLE and LLVM lines are where the two
; differ, each time with Pebble on the side that folds less or the same
; thing soundly.
;
; * A phi or select skips an undef input: undef may be any value, so it
;   may be the other one (LLVM's `mergeIn` of undef into a constant).
; * The result then "may be undef": as a constant it replaces the
;   instruction, but as a range it proves no flag, no unsigned form and no
;   dead switch case (LLVM's UndefAllowed=false), since a flag could make
;   poison of what was an arbitrary value.
; * Everything else waits on an undef operand and ends overdefined.
; * A value that only ever saw undef is replaced by `undef`.
; * A branch or switch on undef or poison is UB: no successor is
;   executable and the terminator becomes `unreachable`.

; STATS-DAG: pebble-sccp: @phi_undef_constant: 1 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned
; STATS-DAG: pebble-sccp: @phi_poison_constant: 2 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned
; STATS-DAG: pebble-sccp: @branch_on_undef: 0 constants, 1 branches folded, 2 blocks removed, 0 flags added, 0 made unsigned
; STATS-DAG: pebble-sccp: @switch_on_poison: 0 constants, 1 branches folded, 2 blocks removed, 0 flags added, 0 made unsigned
; STATS-DAG: pebble-sccp: @branch_on_undef_phi: 1 constants, 1 branches folded, 2 blocks removed, 0 flags added, 0 made unsigned
; STATS-DAG: pebble-sccp: @maybe_undef_range: 2 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned

define i32 @phi_undef_constant(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @phi_undef_constant(
; CHECK:       join:
; CHECK-NEXT:    %q = add i32 undef, 1
; CHECK-NEXT:    %r = add i32 5, %q
; CHECK-NEXT:    ret i32 %r
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i32 [ undef, %entry ], [ 5, %other ]
  %q = add i32 undef, 1
  %r = add i32 %p, %q
  ret i32 %r
}

; Poison is resolved like undef (LLVM 19's `markConstant` of any
; `UndefValue`).
define i32 @phi_poison_constant(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @phi_poison_constant(
; CHECK:       join:
; CHECK-NEXT:    ret i32 6
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i32 [ 5, %other ], [ poison, %entry ]
  %r = add i32 %p, 1
  ret i32 %r
}

; The same for floating point: the phi is 1.0 and the fadd folds.
define float @phi_undef_float(i1 %c) {
; CHECK-LABEL: define float @phi_undef_float(
; CHECK:       join:
; CHECK-NEXT:    ret float 2.000000e+00
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi float [ undef, %entry ], [ 1.0, %other ]
  %q = fadd float %p, 1.0
  ret float %q
}

; A select on an unknown condition skips an undef arm; one whose constant
; condition chooses the undef arm is undef; one on an undef condition waits
; and stays.
define i32 @selects(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @selects(
; CHECK-NEXT:    %a = select i1 undef, i32 1, i32 2
; CHECK-NEXT:    %e = add i32 %a, 7
; CHECK-NEXT:    %f = add i32 %e, undef
; CHECK-NEXT:    ret i32 %f
  %a = select i1 undef, i32 1, i32 2
  %b = select i1 %c, i32 undef, i32 7
  %d = select i1 true, i32 undef, i32 7
  %e = add i32 %a, %b
  %f = add i32 %e, %d
  ret i32 %f
}

; A phi that only sees undef and poison is undef; the freeze and the
; compare of it are not folded (each use of undef may differ).
define i32 @phi_only_undef(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @phi_only_undef(
; CHECK:       join:
; CHECK-NEXT:    %q = freeze i32 undef
; CHECK:       x:
; CHECK-NEXT:    %b = icmp eq i32 undef, 0
; CHECK-NEXT:    br i1 %b, label %y, label %z
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i32 [ undef, %entry ], [ poison, %other ]
  %q = freeze i32 %p
  br i1 %c, label %x, label %y

x:
  %b = icmp eq i32 %p, 0
  br i1 %b, label %y, label %z

y:
  ret i32 %q

z:
  ret i32 3
}

define i32 @branch_on_undef() {
; CHECK-LABEL: define {{.*}}i32 @branch_on_undef(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    unreachable
; CHECK-NEXT:  }
entry:
  br i1 undef, label %a, label %b

a:
  ret i32 1

b:
  ret i32 2
}

define i32 @switch_on_poison() {
; CHECK-LABEL: define {{.*}}i32 @switch_on_poison(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    unreachable
; CHECK-NEXT:  }
entry:
  switch i32 poison, label %a [
    i32 0, label %b
  ]

a:
  ret i32 1

b:
  ret i32 2
}

; A branch on a phi that is undef: also UB.
define i32 @branch_on_undef_phi(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @branch_on_undef_phi(
; CHECK:       join:
; CHECK-NEXT:    unreachable
; CHECK-NEXT:  }
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i1 [ undef, %entry ], [ poison, %other ]
  br i1 %p, label %x, label %y

x:
  ret i32 1

y:
  ret i32 2
}

; A branch on a constant that may be undef goes the constant's way.
define i32 @branch_on_maybe_undef_constant(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @branch_on_maybe_undef_constant(
; CHECK:       join:
; CHECK-NEXT:    br label %x
; CHECK:       x:
; CHECK-NEXT:    ret i32 1
; CHECK-NOT:   ret i32 2
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i1 [ undef, %entry ], [ true, %other ]
  br i1 %p, label %x, label %y

x:
  ret i32 1

y:
  ret i32 2
}

; %p is in [0, 255] or undef. The compare folds (undef may be chosen in
; the range); no flag, no `zext nneg`, and the switch keeps its case 1000.
define i32 @maybe_undef_range(i1 %c, i8 %x) {
; CHECK-LABEL: define {{.*}}i32 @maybe_undef_range(
; CHECK:       join:
; CHECK-NEXT:    %p = phi i32 [ poison, %entry ], [ %z, %other ]
; CHECK-NEXT:    %q = add i32 %p, 1
; CHECK-NEXT:    %s = sext i32 %p to i64
; CHECK-NEXT:    %t = add i32 %q, 1
; CHECK-NEXT:    %r = add i32 %t, 1
; CHECK-NEXT:    switch i32 %p, label %d [
; CHECK-NEXT:      i32 1000, label %e
; CHECK-NEXT:    ]
entry:
  %z = zext i8 %x to i32
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i32 [ poison, %entry ], [ %z, %other ]
  %q = add i32 %p, 1
  %k = icmp ult i32 %p, 256
  %s = sext i32 %p to i64
  %t = add i32 %q, 1
  %kk = zext i1 %k to i32
  %r = add i32 %t, %kk
  switch i32 %p, label %d [ i32 1000, label %e ]

d:
  ret i32 %r

e:
  ret i32 0
}

; LLVM drops the mark after a cast: `sext` of a maybe-undef value in
; [0, 255] is taken to be in [0, 255], and the trunc gets `nsw`. Pebble
; keeps the mark on everything computed from the value, so it adds no flag
; there (here LLVM's flag happens to hold for every value of %p).
define i32 @mark_is_kept_through_casts(i1 %c, i8 %x) {
; CHECK-LABEL: define {{.*}}i32 @mark_is_kept_through_casts(
; CHECK:         %s = sext i32 %p to i64
; PEBBLE-NEXT:   %s2 = trunc i64 %s to i32
; LLVM-NEXT:     %s2 = trunc nsw i64 %s to i32
entry:
  %z = zext i8 %x to i32
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i32 [ undef, %entry ], [ %z, %other ]
  %s = sext i32 %p to i64
  %s2 = trunc i64 %s to i32
  ret i32 %s2
}

; A loop-carried value that starts as undef: the add waits on the phi, ends
; overdefined, and so does the phi. Both passes add the flags `add %i, 0`
; can never lose.
define i32 @undef_in_loop(i32 %n) {
; CHECK-LABEL: define {{.*}}i32 @undef_in_loop(
; CHECK:         %i = phi i32 [ undef, %entry ], [ %i2, %h ]
; CHECK:         %i2 = add nuw nsw i32 %i, 0
; CHECK:         ret i32 %i2
entry:
  br label %h

h:
  %i = phi i32 [ undef, %entry ], [ %i2, %h ]
  %j = phi i32 [ 0, %entry ], [ %j2, %h ]
  %i2 = add i32 %i, 0
  %j2 = add i32 %j, 1
  %cmp = icmp slt i32 %j2, %n
  br i1 %cmp, label %h, label %e

e:
  ret i32 %i2
}

; `and undef, 0` is 0 whatever undef is: Pebble's absorbing rule folds it,
; LLVM's binary-operator visitor waits on the undef and keeps it.
define i32 @and_undef_zero() {
; CHECK-LABEL: define {{.*}}i32 @and_undef_zero(
; PEBBLE-NEXT:   ret i32 0
; LLVM-NEXT:     %a = and i32 undef, 0
; LLVM-NEXT:     ret i32 %a
  %a = and i32 undef, 0
  ret i32 %a
}

; An overdefined value stands for every value, so nothing computed from it
; rests on what an undef was taken to be: `%o` loses the *may be undef*
; mark it would inherit from `%p`, and `%wide`, the `sext` of any `i32`,
; proves the `sub` cannot overflow. (When the mark went through, whether
; the `sub` got its `nsw` depended on whether `%o` was already overdefined
; when the undef reached `%p`.)
define i64 @overdefined_drops_the_undef_mark(i1 %c, i64 %y, i32 %z) {
; CHECK-LABEL: define {{.*}}i64 @overdefined_drops_the_undef_mark(
; CHECK:         %d = sub nsw i64 %z64, %wide
entry:
  br i1 %c, label %join, label %other
other:
  br label %join
join:
  %p = phi i64 [ undef, %entry ], [ 0, %other ]
  %o = or i64 %p, %y
  %t = trunc i64 %o to i32
  %wide = sext i32 %t to i64
  %z64 = sext i32 %z to i64
  %d = sub i64 %z64, %wide
  ret i64 %d
}
