; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; `select` on a constant condition is its chosen arm, even if the other arm
; is unknown; on an unknown condition it is a constant only if both arms
; are the same constant. `freeze` of a constant is that constant, `freeze`
; of an argument is not.

define i32 @selects(i32 %x, i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @selects(
; CHECK-NEXT:    [[F:%.*]] = freeze i32 %x
; CHECK-NEXT:    [[D:%.*]] = select i1 %c, i32 4, i32 5
; CHECK-NEXT:    [[S1:%.*]] = add i32 [[D]], [[F]]
; CHECK-NEXT:    [[S2:%.*]] = add i32 [[S1]], 8
; CHECK-NEXT:    [[S3:%.*]] = sub i32 [[S2]], 7
; CHECK-NEXT:    [[S4:%.*]] = add i32 [[S3]], 7
; CHECK-NEXT:    ret i32 [[S4]]
  %t = icmp eq i32 3, 3
  %a = select i1 %t, i32 4, i32 %x
  %b = select i1 %c, i32 4, i32 4
  %k = freeze i32 7
  %f = freeze i32 %x
  %d = select i1 %c, i32 4, i32 5
  %s0 = add i32 %a, %b
  %s1 = add i32 %d, %f
  %s2 = add i32 %s1, %s0
  %s3 = sub i32 %s2, %k
  %s4 = add i32 %s3, 7
  ret i32 %s4
}

; Wide integers are evaluated (sccp::wide; more in wide-integers.ll), vector
; integers are not.
define i128 @wide() {
; CHECK-LABEL: define {{.*}}i128 @wide(
; CHECK-NEXT:    ret i128 3
  %w = add i128 1, 2
  ret i128 %w
}
