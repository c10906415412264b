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

; Writing one byte into an int-typed union. The i32 store and load are
; splittable integer slices whose ends no other access straddles, so, as in
; LLVM's sroa, the byte cuts the union into [0,1), [1,2) and [2,4)
; (presplit.rs, rule 3): the store becomes three truncated pieces, the load
; three pieces or-ed back together, and each partition is promoted.
define i32 @poke(i32 %x, i8 %b) {
; CHECK-LABEL: define i32 @poke(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[B0:%.*]] = trunc i32 %x to i8
; CHECK-NEXT:    [[S1:%.*]] = lshr i32 %x, 8
; CHECK-NEXT:    [[B1:%.*]] = trunc i32 [[S1]] to i8
; CHECK-NEXT:    [[S2:%.*]] = lshr i32 %x, 16
; CHECK-NEXT:    [[B2:%.*]] = trunc i32 [[S2]] to i16
; CHECK-NEXT:    [[Z0:%.*]] = zext i8 [[B0]] to i32
; CHECK-NEXT:    [[Z1:%.*]] = zext i8 %b to i32
; CHECK-NEXT:    [[P1:%.*]] = shl i32 [[Z1]], 8
; CHECK-NEXT:    [[O1:%.*]] = or i32 [[Z0]], [[P1]]
; CHECK-NEXT:    [[Z2:%.*]] = zext i16 [[B2]] to i32
; CHECK-NEXT:    [[P2:%.*]] = shl i32 [[Z2]], 16
; CHECK-NEXT:    %r = or i32 [[O1]], [[P2]]
; CHECK-NEXT:    ret i32 %r
entry:
  %u = alloca %union.U, align 4
  store i32 %x, ptr %u, align 4
  %c1 = getelementptr inbounds i8, ptr %u, i64 1
  store i8 %b, ptr %c1, align 1
  %r = load i32, ptr %u, align 4
  ret i32 %r
}

; The low half of a `<4 x i32>` written as a `double` and read as an `i64`
; (llvm-stress seed 15064, where LLVM 22 left one alloca fewer): the
; partition's type in the allocated type is `[2 x i32]`, which neither access
; is, and with no legal integer in the data layout it is not replaced by
; `i64`. LLVM 19 keeps it and the alloca; LLVM 22's `selectPartitionType`
; falls back to the widest integer access, `i64`, and promotes it (integer
; widening), and so does Pebble on both.
define i64 @widest_integer_access(double %d) {
; CHECK-LABEL: define i64 @widest_integer_access(
; CHECK-NEXT:    [[B:%.*]] = bitcast double %d to i64
; CHECK-NEXT:    ret i64 [[B]]
  %A = alloca <4 x i32>, align 16
  store double %d, ptr %A, align 8
  %L = load i64, ptr %A, align 4
  ret i64 %L
}

; A partition that promotes no way as it is: `i32`, `<1 x float>` and
; `float` stores of the whole of it, and a `<1 x i16>` load of its first
; half (llvm-stress seed 18312, LLVM 22). Its new alloca (`i32`) is kept in
; memory, but its whole accesses become `i32` ones, as LLVM's rewriter
; makes them; looked at again, the integer accesses are cut around the
; narrower load, and both halves are promoted (LLVM 19 and 22 too).
define float @memory_slot_accesses_take_its_type(i32 %x) {
; CHECK-LABEL: define float @memory_slot_accesses_take_its_type(
; CHECK-NOT:     alloca
; CHECK:         [[HI:%.*]] = zext i16 16256 to i32
; CHECK:         ret float
  %A = alloca <8 x i64>, align 64
  store i32 %x, ptr %A, align 4
  store <1 x float> zeroinitializer, ptr %A, align 4
  %L = load <1 x i16>, ptr %A, align 2
  store float 1.0, ptr %A, align 4
  %r = load float, ptr %A, align 4
  ret float %r
}
