; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
;
; Signed instructions whose operands are known non-negative become their
; unsigned forms, as LLVM 19's sccp does (replaceSignedInst): sext → zext
; nneg, ashr → lshr, sdiv → udiv, srem → urem, sitofp → uitofp nneg,
; keeping `exact` and the name. What `opt -passes=sccp` prints for the same input.

define void @non_negative(i8 %x, i32 %y) {
; CHECK-LABEL: define void @non_negative(
; CHECK:         %z = zext i8 %x to i32
; CHECK-NEXT:    %s = zext nneg i32 %z to i64
; CHECK-NEXT:    %a = lshr exact i32 %z, 1
; CHECK-NEXT:    %d = udiv exact i32 %z, 3
; CHECK-NEXT:    %r = urem i32 %z, 7
  %z = zext i8 %x to i32
  %s = sext i32 %z to i64
  %a = ashr exact i32 %z, 1
  %d = sdiv exact i32 %z, 3
  %r = srem i32 %z, 7
  call void @use(i64 %s, i32 %a, i32 %d, i32 %r)
  ret void
}

; Must not: a divisor that may be negative, an unknown dividend, a range
; reaching below zero.
define void @maybe_negative(i8 %x, i32 %y) {
; CHECK-LABEL: define void @maybe_negative(
; CHECK:         %d = sdiv i32 %z, %y
; CHECK-NEXT:    %a = ashr i32 %y, 1
; CHECK-NEXT:    %m = add nsw i32 %z, -1
; CHECK-NEXT:    %s = sext i32 %m to i64
  %z = zext i8 %x to i32
  %d = sdiv i32 %z, %y
  %a = ashr i32 %y, 1
  %m = add i32 %z, -1
  %s = sext i32 %m to i64
  call void @use(i32 %d, i32 %a, i64 %s)
  ret void
}

; STATS: pebble-sccp: @non_negative: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added, 4 made unsigned
; The conversion to floating point: a non-negative integer converts to the
; same value either way.
define void @to_float(i8 %x, i32 %y) {
; CHECK-LABEL: define void @to_float(
; CHECK:         %f = uitofp nneg i32 %z to float
; CHECK-NEXT:    %d = uitofp nneg i32 %z to double
; CHECK-NEXT:    %n = sitofp i32 %y to double
; CHECK-NEXT:    %c = fadd double 7.000000e+00, %d
  %z = zext i8 %x to i32
  %f = sitofp i32 %z to float
  %d = sitofp i32 %z to double
  %n = sitofp i32 %y to double
  %k = sitofp i32 7 to double
  %c = fadd double %k, %d
  call void @use(float %f, double %d, double %n, double %c)
  ret void
}

; STATS: pebble-sccp: @maybe_negative: 0 constants, 0 branches folded, 0 blocks removed, 1 flags added, 0 made unsigned
; STATS: pebble-sccp: @to_float: 1 constants, 0 branches folded, 0 blocks removed, 0 flags added, 2 made unsigned

declare void @use(...)
