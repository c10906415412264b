; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Our choice for LLVM's `undef` and `poison`: they are overdefined, never
; the lattice top. A phi mixing undef with a constant is not folded to the
; constant, arithmetic on undef is not folded, and a branch on undef (UB in
; LLVM 19) keeps both successors: nothing is deleted on the strength of an
; undef.

define i32 @phi_with_undef(i1 %c) {
; CHECK-LABEL: define i32 @phi_with_undef(
; CHECK:         [[P:%.*]] = phi i32 [ undef, %entry ], [ 5, %other ]
; CHECK-NEXT:    [[Q:%.*]] = add i32 undef, 1
; CHECK-NEXT:    [[R:%.*]] = add i32 [[P]], [[Q]]
; CHECK-NEXT:    ret i32 [[R]]
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

define i32 @branch_on_undef() {
; CHECK-LABEL: define i32 @branch_on_undef(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br i1 undef, label %a, label %b
; CHECK:       a:
; CHECK-NEXT:    ret i32 1
; CHECK:       b:
; CHECK-NEXT:    ret i32 2
entry:
  br i1 undef, label %a, label %b

a:
  ret i32 1

b:
  ret i32 2
}

define i32 @switch_on_poison() {
; CHECK-LABEL: define i32 @switch_on_poison(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    switch i32 poison, label %a [
entry:
  switch i32 poison, label %a [
    i32 0, label %b
  ]

a:
  ret i32 1

b:
  ret i32 2
}

; `and undef, 0` is 0 whatever undef is: the absorbing rule holds.
define i32 @and_undef_zero() {
; CHECK-LABEL: define i32 @and_undef_zero(
; CHECK-NEXT:    ret i32 0
  %a = and i32 undef, 0
  ret i32 %a
}
