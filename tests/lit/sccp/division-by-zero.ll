; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Division or remainder by a constant zero, and sdiv/srem of INT_MIN by -1,
; are immediate UB in LLVM. SCCP must not turn them into a value (that
; would delete the trap): they stay, and so does everything computed from
; them. A division by a non-zero constant folds.

define i32 @by_zero() {
; CHECK-LABEL: define {{.*}}i32 @by_zero(
; CHECK-NEXT:    [[Q:%.*]] = sdiv i32 7, 0
; CHECK-NEXT:    [[U:%.*]] = udiv i32 7, 0
; CHECK-NEXT:    [[R:%.*]] = srem i32 7, 0
; CHECK-NEXT:    [[V:%.*]] = urem i32 7, 0
; CHECK-NEXT:    [[O:%.*]] = sdiv i32 -2147483648, -1
; CHECK-NEXT:    [[P:%.*]] = srem i32 -2147483648, -1
; CHECK-NEXT:    [[S1:%.*]] = add i32 [[Q]], [[U]]
; CHECK-NEXT:    [[S2:%.*]] = add i32 [[S1]], [[R]]
; CHECK-NEXT:    [[S3:%.*]] = add i32 [[S2]], [[V]]
; CHECK-NEXT:    [[S4:%.*]] = add i32 [[S3]], [[O]]
; CHECK-NEXT:    [[S5:%.*]] = add i32 [[S4]], [[P]]
; CHECK-NEXT:    [[S6:%.*]] = add i32 [[S5]], -3
; CHECK-NEXT:    ret i32 [[S6]]
  %zero = sub i32 5, 5
  %q = sdiv i32 7, %zero
  %u = udiv i32 7, %zero
  %r = srem i32 7, %zero
  %v = urem i32 7, %zero
  %min = shl i32 1, 31
  %o = sdiv i32 %min, -1
  %p = srem i32 %min, -1
  %ok = sdiv i32 -7, 2
  %s1 = add i32 %q, %u
  %s2 = add i32 %s1, %r
  %s3 = add i32 %s2, %v
  %s4 = add i32 %s3, %o
  %s5 = add i32 %s4, %p
  %s6 = add i32 %s5, %ok
  ret i32 %s6
}
