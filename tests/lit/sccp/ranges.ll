; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Integer ranges in the lattice (LLVM 19's ValueLatticeElement): a value
; that is not one constant may still be known to lie in a range, and an
; `icmp` or a bitwise operation on it may then have only one possible
; result. Every fold here is one LLVM's `sccp` makes too (LLVM 22's for
; @round_up_is_not_zero), but @or_maximum's.

; `zext i8` is in [0, 255]: `37742 >= %z` always holds, so the branch is
; folded and %else is removed; `or (zext i1 %c), 5` is 5 whatever %c is.
define i32 @zext_range(i8 %x, i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @zext_range(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[Z:%.*]] = zext i8 %x to i32
; CHECK-NEXT:    [[ZC:%.*]] = zext i1 %c to i32
; CHECK-NEXT:    br label %then
; CHECK:       then:
; CHECK-NEXT:    [[S:%.*]] = add nuw nsw i32 [[Z]], 5
; CHECK-NEXT:    ret i32 [[S]]
; CHECK-NOT:   else:
entry:
  %z = zext i8 %x to i32
  %cmp = icmp sge i32 37742, %z
  %zc = zext i1 %c to i32
  %o = or i32 %zc, 5
  br i1 %cmp, label %then, label %else

then:
  %s = add i32 %z, %o
  ret i32 %s

else:
  ret i32 0
}

; csmith's shape: a 32-bit value sign-extended to 64 bits never exceeds
; 2^31 - 1, so comparing it with a larger constant is decided.
define i1 @sext_compare(i32 %y) {
; CHECK-LABEL: define {{.*}}i1 @sext_compare(
; CHECK-NEXT:    [[E:%.*]] = sext i32 %y to i64
; CHECK-NEXT:    ret i1 false
  %e = sext i32 %y to i64
  %cmp = icmp sgt i64 %e, 6106516853331006442
  ret i1 %cmp
}

; A phi of two constants is the range [3, 7]: below 8, not below 5.
define i1 @phi_range(i1 %c) {
; CHECK-LABEL: define {{.*}}i1 @phi_range(
; CHECK:       join:
; CHECK-NEXT:    [[P:%.*]] = phi i32 [ 3, %entry ], [ 7, %other ]
; CHECK-NEXT:    [[UNKNOWN:%.*]] = icmp ult i32 [[P]], 5
; CHECK-NEXT:    [[R:%.*]] = and i1 true, [[UNKNOWN]]
; CHECK-NEXT:    ret i1 [[R]]
entry:
  br i1 %c, label %other, label %join

other:
  br label %join

join:
  %p = phi i32 [ 3, %entry ], [ 7, %other ]
  %below8 = icmp ult i32 %p, 8
  %unknown = icmp ult i32 %p, 5
  %r = and i1 %below8, %unknown
  ret i1 %r
}

; Must not fold: [0, 255] is not all below 200.
define i1 @undecided(i8 %x) {
; CHECK-LABEL: define {{.*}}i1 @undecided(
; CHECK-NEXT:    [[Z:%.*]] = zext i8 %x to i32
; CHECK-NEXT:    [[CMP:%.*]] = icmp slt i32 [[Z]], 200
; CHECK-NEXT:    ret i1 [[CMP]]
  %z = zext i8 %x to i32
  %cmp = icmp slt i32 %z, 200
  ret i1 %cmp
}

; A branch condition narrows the argument in the block it alone enters
; (`predicate`), so `%x < 20` is known inside `%x < 10`: what LLVM 22's
; function-level `sccp` prints (PredicateInfo); LLVM 19's learns nothing
; from the branch and keeps the compare.
define i1 @branch_narrowing(i8 %x) {
; CHECK-LABEL: define {{.*}}i1 @branch_narrowing(
; CHECK:       small:
; CHECK-NEXT:    ret i1 true
entry:
  %k = icmp ult i8 %x, 10
  br i1 %k, label %small, label %big

small:
  %m = icmp ult i8 %x, 20
  ret i1 %m

big:
  ret i1 false
}

; The divisor may be 0: that is UB, so the quotient is 5, as LLVM finds;
; LLVM also deletes the division (a legal refinement of UB), but we never
; delete a trap: the division stays and its use takes the 5.
define i32 @division_may_trap(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @division_may_trap(
; CHECK-NEXT:    [[D:%.*]] = zext i1 %c to i32
; CHECK-NEXT:    [[Q:%.*]] = udiv i32 5, [[D]]
; CHECK-NEXT:    ret i32 5
  %d = zext i1 %c to i32
  %q = udiv i32 5, %d
  ret i32 %q
}

; `xor` with 0 keeps its operand's range, even a sign-extended one that
; wraps as unsigned (LLVM's `binaryXor`: no bit of the difference borrows),
; so the `trunc` back to i32 cannot change the signed value.
define i32 @xor_zero_keeps_range(i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @xor_zero_keeps_range(
; CHECK:         %t = trunc nsw i64 %r to i32
  %s = sext i32 %x to i64
  %r = xor i64 %s, 0
  %t = trunc i64 %r to i32
  ret i32 %t
}

; Must not fold: `freeze` of a range is overdefined (the range may leave
; out poison, and a frozen poison may be any value).
define i1 @freeze_of_range(i8 %x) {
; CHECK-LABEL: define {{.*}}i1 @freeze_of_range(
; CHECK:         [[F:%.*]] = freeze i32 [[Z:%.*]]
; CHECK-NEXT:    [[CMP:%.*]] = icmp ult i32 [[F]], 256
; CHECK-NEXT:    ret i1 [[CMP]]
  %z = zext i8 %x to i32
  %f = freeze i32 %z
  %cmp = icmp ult i32 %f, 256
  ret i1 %cmp
}

; Widening: the induction variable would grow one value per round; after
; (incoming edges + 1) growths it is overdefined, so `%i < 2000` is not
; decided even though it always holds (LLVM 19 does the same).
define i32 @loop_widens() {
; CHECK-LABEL: define {{.*}}i32 @loop_widens(
; CHECK:       loop:
; CHECK-NEXT:    [[I:%.*]] = phi i32 [ 0, %entry ], [ [[NEXT:%.*]], %loop ]
; CHECK-NEXT:    [[BOUND:%.*]] = icmp ult i32 [[I]], 2000
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %bound = icmp ult i32 %i, 2000
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, 1000
  br i1 %more, label %loop, label %exit

exit:
  %r = zext i1 %bound to i32
  ret i32 %r
}

; Rounding up to a multiple of 64 (zstd's `ZSTD_reset_matchState`): `shl
; nuw 1, %s` is a power of two, at least 1, so adding 63 gives at least 64,
; and clearing the low 6 bits keeps at least 64 (the exact minimum of an
; `and` over intervals, Warren's `minAND`). LLVM 22 folds this; LLVM 19's
; `binaryAnd` only bounds the maximum.
define i1 @round_up_is_not_zero(i32 %a) {
; CHECK-LABEL: define {{.*}}i1 @round_up_is_not_zero(
; CHECK:         ret i1 false
  %s = zext nneg i32 %a to i64
  %x = shl nuw i64 1, %s
  %y = add nuw i64 %x, 63
  %z = and i64 %y, -64
  %c = icmp eq i64 %z, 0
  ret i1 %c
}

; The exact maximum of an `or`: `%x | 16` for %x in [0, 8] is at most 24
; (Warren's `maxOR`). LLVM's known bits leave [16, 31]: it keeps the compare.
define i1 @or_maximum(i8 %x) {
; CHECK-LABEL: define {{.*}}i1 @or_maximum(
; CHECK:         ret i1 true
  %small = call i8 @llvm.umin.i8(i8 %x, i8 8)
  %o = or i8 %small, 16
  %c = icmp ule i8 %o, 24
  ret i1 %c
}
declare i8 @llvm.umin.i8(i8, i8)
