; Integer loads and stores as splittable slices (presplit.rs; LLVM 19's
; presplitLoadsAndStores and the splittable integer slices of its rewriter).
; An integer load or store that straddles partitions is cut into one access
; per partition: a load that is only stored, or a store of a load, is copied
; piece by piece (rule 1, the other memory gets the pieces too); any other
; integer access whose ends no other slice straddles is cut with shifts,
; truncations and ors (rule 3). Every function ends with as many allocas as
; `opt -passes=sroa` leaves (none), and the same values.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; STATS: pebble-sroa: @store_of_a_load: split 1 allocas into 2 slices, promoted 2 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @llvm_doc_example: split 1 allocas into 3 slices, promoted 3 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @copy_between_allocas: split 2 allocas into 4 slices, promoted 4 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @store_cut_by_a_byte: split 1 allocas into 2 slices, promoted 2 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @load_cut_by_a_vector: split 1 allocas into 2 slices, promoted 2 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @load_past_the_end: split 1 allocas into 2 slices, promoted 2 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @lifetime_keeps_it_whole: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"

; Rule 1, a store of a load: the i64 stored into [2 x i32] straddles the
; float at 4 and the i32 at 0, so the load from %p is split in two as well
; (LLVM's own example of a store whose load comes from elsewhere).
define void @store_of_a_load(ptr %p, ptr %q) {
; CHECK-LABEL: define void @store_of_a_load(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %t1 = load i32, ptr %p, align 4
; CHECK-NEXT:    [[V0:%.*]] = getelementptr inbounds i8, ptr %p, i64 4
; CHECK-NEXT:    %t2 = load i32, ptr [[V0]], align 4
; CHECK-NEXT:    %f = bitcast i32 %t2 to float
; CHECK-NEXT:    store float %f, ptr %q, align 4
; CHECK-NEXT:    store i32 %t1, ptr %p, align 4
; CHECK-NEXT:    ret void
entry:
  %a = alloca [2 x i32], align 4
  %t = load i64, ptr %p, align 4
  store i64 %t, ptr %a, align 4
  %hi = getelementptr inbounds i8, ptr %a, i64 4
  %f = load float, ptr %hi, align 4
  store float %f, ptr %q, align 4
  %lo = load i32, ptr %a, align 4
  store i32 %lo, ptr %p, align 4
  ret void
}

; LLVM's doc comment example: a load of [0,8) stored at [4,12) of the same
; alloca is cut at the same relative offsets on both sides; three 4-byte
; partitions are promoted and the two floats come back.
define float @llvm_doc_example() {
; CHECK-LABEL: define float @llvm_doc_example(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %f1 = bitcast i32 0 to float
; CHECK-NEXT:    %f2 = bitcast i32 1065353216 to float
; CHECK-NEXT:    %s = fadd float %f1, %f2
; CHECK-NEXT:    ret float %s
entry:
  %a = alloca [12 x i8], align 4
  %gep2 = getelementptr i8, ptr %a, i32 4
  %gep3 = getelementptr i8, ptr %a, i32 8
  store float 0.0, ptr %a, align 4
  store float 1.0, ptr %gep2, align 4
  %v = load i64, ptr %a, align 4
  store i64 %v, ptr %gep2, align 4
  %f1 = load float, ptr %gep2, align 4
  %f2 = load float, ptr %gep3, align 4
  %s = fadd float %f1, %f2
  ret float %s
}

; Rule 1, a load only stored: the i64 copy from %a to %b straddles %a's
; i32 and float, so both sides are cut; %b then has a float piece and is
; promoted as well (it was looked at again).
define void @copy_between_allocas(ptr %out) {
; CHECK-LABEL: define void @copy_between_allocas(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %f = bitcast i32 1073741824 to float
; CHECK-NEXT:    store float %f, ptr %out, align 4
; CHECK-NEXT:    ret void
entry:
  %a = alloca i64, align 8
  %b = alloca i64, align 8
  store i32 1, ptr %a, align 8
  %a4 = getelementptr inbounds i8, ptr %a, i64 4
  store float 2.0, ptr %a4, align 4
  %v = load i64, ptr %a, align 8
  store i64 %v, ptr %b, align 8
  %b4 = getelementptr inbounds i8, ptr %b, i64 4
  %f = load float, ptr %b4, align 4
  store float %f, ptr %out, align 4
  ret void
}

; Rule 3 (llvm-stress seed 295): the i32 store's ends are not inside any
; other slice, so it stays splittable and the i8 store cuts it into i8 and
; i24 pieces; nothing is left in memory.
define i32 @store_cut_by_a_byte(i32 %x, i8 %y) {
; CHECK-LABEL: define i32 @store_cut_by_a_byte(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[V0:%.*]] = trunc i32 %x to i8
; CHECK-NEXT:    [[V1:%.*]] = lshr i32 %x, 8
; CHECK-NEXT:    [[V2:%.*]] = trunc i32 [[V1]] to i24
; CHECK-NEXT:    %v = bitcast i8 %y to <8 x i1>
; CHECK-NEXT:    %e = extractelement <8 x i1> %v, i32 0
; CHECK-NEXT:    %z = zext i1 %e to i32
; CHECK-NEXT:    ret i32 %z
entry:
  %a = alloca i32, align 4
  store i32 %x, ptr %a, align 4
  store i8 %y, ptr %a, align 1
  %v = load <8 x i1>, ptr %a, align 1
  %e = extractelement <8 x i1> %v, i32 0
  %z = zext i1 %e to i32
  ret i32 %z
}

; Rule 3 for a load (llvm-stress seed 290): the i64 load is put together
; from the i16 piece (what the i16 store wrote) and the i48 rest.
define i64 @load_cut_by_a_vector(i64 %x, i16 %y) {
; CHECK-LABEL: define i64 @load_cut_by_a_vector(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[V0:%.*]] = trunc i64 %x to i16
; CHECK-NEXT:    [[V1:%.*]] = lshr i64 %x, 16
; CHECK-NEXT:    [[V2:%.*]] = trunc i64 [[V1]] to i48
; CHECK-NEXT:    [[V3:%.*]] = zext i16 %y to i64
; CHECK-NEXT:    [[V4:%.*]] = zext i48 [[V2]] to i64
; CHECK-NEXT:    [[V5:%.*]] = shl i64 [[V4]], 16
; CHECK-NEXT:    %l = or i64 [[V3]], [[V5]]
; CHECK-NEXT:    %v = bitcast i16 %y to <16 x i1>
; CHECK-NEXT:    %b = bitcast <16 x i1> %v to i16
; CHECK-NEXT:    %w = zext i16 %b to i64
; CHECK-NEXT:    %r = add i64 %l, %w
; CHECK-NEXT:    ret i64 %r
entry:
  %a = alloca i64, align 8
  store i64 %x, ptr %a, align 8
  store i16 %y, ptr %a, align 2
  %l = load i64, ptr %a, align 8
  %v = load <16 x i1>, ptr %a, align 2
  %b = bitcast <16 x i1> %v to i16
  %w = zext i16 %b to i64
  %r = add i64 %l, %w
  ret i64 %r
}

; Rule 3 for a load running past the end of an i16 (llvm-stress seed 179):
; the i32 load is clamped to [0,2) and cut by the byte store; the bytes past
; the end are zero (LLVM leaves them undef).
define i64 @load_past_the_end(i16 %x, i8 %y) {
; CHECK-LABEL: define i64 @load_past_the_end(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[V0:%.*]] = trunc i16 %x to i8
; CHECK-NEXT:    [[V1:%.*]] = lshr i16 %x, 8
; CHECK-NEXT:    [[V2:%.*]] = trunc i16 [[V1]] to i8
; CHECK-NEXT:    [[V3:%.*]] = zext i8 %y to i32
; CHECK-NEXT:    [[V4:%.*]] = zext i8 [[V2]] to i32
; CHECK-NEXT:    [[V5:%.*]] = shl i32 [[V4]], 8
; CHECK-NEXT:    %l = or i32 [[V3]], [[V5]]
; CHECK-NEXT:    %w = zext i32 %l to i64
; CHECK-NEXT:    ret i64 %w
entry:
  %a = alloca i16, align 2
  store i16 %x, ptr %a, align 2
  store i8 %y, ptr %a, align 1
  %l = load i32, ptr %a, align 2
  %w = zext i32 %l to i64
  ret i64 %w
}

; Rule 2: the lifetime markers cover all 16 bytes, so byte 8 is inside a
; slice and the i64 store and load stay unsplittable; the byte store is
; merged into the i64 by integer widening instead, as LLVM does.
define i64 @lifetime_keeps_it_whole(i64 %x, i8 %y) {
; CHECK-LABEL: define i64 @lifetime_keeps_it_whole(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[V0:%.*]] = zext i8 %y to i64
; CHECK-NEXT:    [[V1:%.*]] = shl i64 [[V0]], 16
; CHECK-NEXT:    [[V2:%.*]] = and i64 %x, -16711681
; CHECK-NEXT:    [[V3:%.*]] = or i64 [[V2]], [[V1]]
; CHECK-NEXT:    ret i64 [[V3]]
entry:
  %a = alloca [2 x i64], align 8
  call void @llvm.lifetime.start.p0(i64 16, ptr %a)
  store i64 %x, ptr %a, align 8
  %a2 = getelementptr inbounds i8, ptr %a, i64 2
  store i8 %y, ptr %a2, align 1
  %l = load i64, ptr %a, align 8
  call void @llvm.lifetime.end.p0(i64 16, ptr %a)
  ret i64 %l
}
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
