; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; An instruction whose flag makes its constant result poison (nsw/nuw
; overflow, exact with a remainder, or disjoint with shared bits, zext
; nneg of a negative, trunc nuw/nsw losing bits) and a shift by the width
; or more (poison) are not folded: we never pick a value for poison. The
; same operations without the violated flag fold. The flags their constant
; operands prove are added, as LLVM's sccp adds them (the instruction is
; poison either way).

define void @poison(ptr %out) {
; CHECK-LABEL: define void @poison(
; CHECK-NEXT:    [[A:%.*]] = add nuw nsw i8 127, 1
; CHECK-NEXT:    store i8 [[A]], ptr %out
; CHECK-NEXT:    [[B:%.*]] = add nuw nsw i8 -1, 1
; CHECK-NEXT:    store i8 [[B]], ptr %out
; CHECK-NEXT:    [[C:%.*]] = sub nuw nsw i8 0, 1
; CHECK-NEXT:    store i8 [[C]], ptr %out
; CHECK-NEXT:    [[D:%.*]] = mul nuw nsw i8 64, 2
; CHECK-NEXT:    store i8 [[D]], ptr %out
; CHECK-NEXT:    [[E:%.*]] = shl nuw i8 -128, 1
; CHECK-NEXT:    store i8 [[E]], ptr %out
; CHECK-NEXT:    [[F:%.*]] = shl nuw nsw i8 64, 1
; CHECK-NEXT:    store i8 [[F]], ptr %out
; CHECK-NEXT:    [[G:%.*]] = shl nuw nsw i8 1, 8
; CHECK-NEXT:    store i8 [[G]], ptr %out
; CHECK-NEXT:    [[H:%.*]] = lshr exact i8 3, 1
; CHECK-NEXT:    store i8 [[H]], ptr %out
; CHECK-NEXT:    [[I:%.*]] = udiv exact i8 7, 2
; CHECK-NEXT:    store i8 [[I]], ptr %out
; CHECK-NEXT:    [[J:%.*]] = or disjoint i8 3, 1
; CHECK-NEXT:    store i8 [[J]], ptr %out
; CHECK-NEXT:    [[K:%.*]] = zext nneg i8 -1 to i32
; CHECK-NEXT:    store i32 [[K]], ptr %out
; CHECK-NEXT:    [[L:%.*]] = trunc nuw i32 300 to i8
; CHECK-NEXT:    store i8 [[L]], ptr %out
; CHECK-NEXT:    [[M:%.*]] = trunc nuw nsw i32 200 to i8
; CHECK-NEXT:    store i8 [[M]], ptr %out
; CHECK-NEXT:    [[N:%.*]] = ashr i64 1, 64
; CHECK-NEXT:    store i64 [[N]], ptr %out
; CHECK-NEXT:    ret void
  %a = add nsw i8 127, 1
  store i8 %a, ptr %out
  %b = add nuw i8 255, 1
  store i8 %b, ptr %out
  %c = sub nuw i8 0, 1
  store i8 %c, ptr %out
  %d = mul nsw i8 64, 2
  store i8 %d, ptr %out
  %e = shl nuw i8 128, 1
  store i8 %e, ptr %out
  %f = shl nsw i8 64, 1
  store i8 %f, ptr %out
  %g = shl i8 1, 8
  store i8 %g, ptr %out
  %h = lshr exact i8 3, 1
  store i8 %h, ptr %out
  %i = udiv exact i8 7, 2
  store i8 %i, ptr %out
  %j = or disjoint i8 3, 1
  store i8 %j, ptr %out
  %k = zext nneg i8 -1 to i32
  store i32 %k, ptr %out
  %l = trunc nuw i32 300 to i8
  store i8 %l, ptr %out
  %m = trunc nsw i32 200 to i8
  store i8 %m, ptr %out
  %n = ashr i64 1, 64
  store i64 %n, ptr %out
  ret void
}

; The same operations where the flags hold, or without flags: all fold.
define void @no_poison(ptr %out) {
; CHECK-LABEL: define void @no_poison(
; CHECK-NEXT:    store i8 -128, ptr %out
; CHECK-NEXT:    store i8 0, ptr %out
; CHECK-NEXT:    store i8 -1, ptr %out
; CHECK-NEXT:    store i8 -128, ptr %out
; CHECK-NEXT:    store i8 -2, ptr %out
; CHECK-NEXT:    store i8 1, ptr %out
; CHECK-NEXT:    store i8 3, ptr %out
; CHECK-NEXT:    store i8 3, ptr %out
; CHECK-NEXT:    store i32 255, ptr %out
; CHECK-NEXT:    store i8 44, ptr %out
; CHECK-NEXT:    store i8 -56, ptr %out
; CHECK-NEXT:    store i64 -1, ptr %out
; CHECK-NEXT:    store i1 false, ptr %out
; CHECK-NEXT:    ret void
  %a = add i8 127, 1
  store i8 %a, ptr %out
  %b = add i8 255, 1
  store i8 %b, ptr %out
  %c = sub nsw i8 0, 1
  store i8 %c, ptr %out
  %d = mul nuw i8 64, 2
  store i8 %d, ptr %out
  %e = shl nsw i8 -1, 1
  store i8 %e, ptr %out
  %h = lshr exact i8 2, 1
  store i8 %h, ptr %out
  %i = udiv exact i8 6, 2
  store i8 %i, ptr %out
  %j = or disjoint i8 2, 1
  store i8 %j, ptr %out
  %k = zext i8 -1 to i32
  store i32 %k, ptr %out
  %l = trunc i32 300 to i8
  store i8 %l, ptr %out
  %m = trunc nuw i32 200 to i8
  store i8 %m, ptr %out
  %n = ashr i64 -9223372036854775808, 63
  store i64 %n, ptr %out
  %o = add i1 true, true
  store i1 %o, ptr %out
  ret void
}
