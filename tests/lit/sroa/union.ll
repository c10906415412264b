; A union read as other types: `union { float f; int i; char c[4]; } u;
; u.f = f; return u.i + u.c[1];`. The store of the float and the loads of
; the int and of byte 1 overlap, so they form one 4-byte partition; its type
; is the union's i32 (the whole accesses disagree: float vs i32). The float
; becomes a bitcast, byte 1 an lshr by 8 and a trunc (little-endian), and
; the alloca is promoted.
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s

%union.U = type { i32 }

define i32 @pun(float noundef %f) {
; CHECK-LABEL: define i32 @pun(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[I:%.*]] = bitcast float %f to i32
; CHECK-NEXT:    [[SH:%.*]] = lshr i32 [[I]], 8
; CHECK-NEXT:    [[C:%.*]] = trunc i32 [[SH]] to i8
; CHECK-NEXT:    %conv = sext i8 [[C]] to i32
; CHECK-NEXT:    %add = add nsw i32 [[I]], %conv
; CHECK-NEXT:    ret i32 %add
entry:
  %u = alloca %union.U, align 4
  store float %f, ptr %u, align 4
  %i = load i32, ptr %u, align 4
  %c1 = getelementptr inbounds [4 x i8], ptr %u, i64 0, i64 1
  %c = load i8, ptr %c1, align 1
  %conv = sext i8 %c to i32
  %add = add nsw i32 %i, %conv
  ret i32 %add
}

; Writing one byte into an int-typed union: a read-modify-write of the
; whole partition (mask 0xffff00ff, or in the shifted byte).
define i32 @poke(i32 %x, i8 %b) {
; CHECK-LABEL: define i32 @poke(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[Z:%.*]] = zext i8 %b to i32
; CHECK-NEXT:    [[S:%.*]] = shl i32 [[Z]], 8
; CHECK-NEXT:    [[M:%.*]] = and i32 %x, -65281
; CHECK-NEXT:    [[R:%.*]] = or i32 [[M]], [[S]]
; CHECK-NEXT:    ret i32 [[R]]
entry:
  %u = alloca %union.U, align 4
  store i32 %x, ptr %u, align 4
  %c1 = getelementptr inbounds i8, ptr %u, i64 1
  store i8 %b, ptr %c1, align 1
  %r = load i32, ptr %u, align 4
  ret i32 %r
}
