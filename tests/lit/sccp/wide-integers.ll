; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Integers wider than 64 bits fold on `ApInt` (sccp::wide) with the rules of
; the narrow ones: every binary operation, icmp, and casts into and out of
; wide types. The operands become constants only through the solver (phis
; of two edges carrying one value). Poison stays: `add nsw` that overflows,
; a shift by the width, and division by zero (UB) are left alone. The call
; lines are what `opt -passes=sccp` prints on LLVM 19 and 22.

define void @wide(i1 %c) {
; CHECK-LABEL: define void @wide(
; CHECK:         %addnsw = add nsw i128 170141183460469231731687303715884105727, 1
; CHECK-NEXT:    %shlbig = shl i128 170141183460469231731687303715884105727, 128
; CHECK-NEXT:    %div0 = udiv i128 170141183460469231731687303715884105727, 0
; CHECK-NEXT:    call void @use128(i128 -170141183460469231731687303715884105728, i128 %addnsw, i128 170141183460469231731687303715884105725, i128 170141183460469231, i128 -1267650600228229401496703205376, i128 %shlbig, i128 255, i128 -170141183460469231731687303715884105728, i128 4294967295, i128 %div0)
; CHECK-NEXT:    call void @use256(i256 -1, i256 -1, i256 933, i256 72057594037927935, i256 -1, i256 -3)
; CHECK-NEXT:    call void @usemisc(i1 true, i1 true, i32 -1, i100 -3, i200 170141183460469231731687303715884105727, i300 -3, i64 -3)
; CHECK-NEXT:    ret void
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi i128 [ 170141183460469231731687303715884105727, %a ], [ 170141183460469231731687303715884105727, %b ]
  %y = phi i256 [ -3, %a ], [ -3, %b ]
  %add = add i128 %x, 1
  %addnsw = add nsw i128 %x, 1
  %mul = mul i128 %x, 3
  %udiv = udiv i128 %x, 1000000000000000000000
  %sdiv = sdiv i256 %y, 2
  %srem = srem i256 %y, 2
  %urem = urem i256 %y, 1000
  %shl = shl i128 %x, 100
  %shlbig = shl i128 %x, 128
  %lshr = lshr i256 %y, 200
  %ashr = ashr i256 %y, 200
  %and = and i128 %x, 255
  %or = or i256 %y, 1
  %xor = xor i128 %x, -1
  %cmp = icmp slt i256 %y, 0
  %ucmp = icmp ugt i128 %x, 5
  %t = trunc i128 %x to i32
  %t2 = trunc i256 %y to i100
  %z = zext i128 %x to i200
  %s = sext i256 %y to i300
  %t64 = trunc i128 %mul to i64
  %zsmall = zext i32 %t to i128
  %div0 = udiv i128 %x, 0
  call void @use128(i128 %add, i128 %addnsw, i128 %mul, i128 %udiv, i128 %shl, i128 %shlbig, i128 %and, i128 %xor, i128 %zsmall, i128 %div0)
  call void @use256(i256 %sdiv, i256 %srem, i256 %urem, i256 %lshr, i256 %ashr, i256 %or)
  call void @usemisc(i1 %cmp, i1 %ucmp, i32 %t, i100 %t2, i200 %z, i300 %s, i64 %t64)
  ret void
}
declare void @use128(i128, i128, i128, i128, i128, i128, i128, i128, i128, i128)
declare void @use256(i256, i256, i256, i256, i256, i256)
declare void @usemisc(i1, i1, i32, i100, i200, i300, i64)
