; Vector promotion (LLVM's isVectorPromotionViable): a partition that is
; loaded or stored as a vector, and whose other accesses cover whole
; elements, gets the vector type; each access becomes a whole-vector load
; or store with extractelement / insertelement, or a shufflevector (and a
; select to merge) for a run of elements, so the alloca is promoted.
; The output matches `opt -passes=sroa` up to value names.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.vec3 = type { [3 x float] }
%union.lanes = type { <4 x float> }

; clang's x86-64 lowering of `float dot(struct vec3 a)`: the struct
; arrives as { <2 x float>, float }, is stored into a coercion temporary
; and copied into the parameter's alloca. The <2 x float> half becomes a
; vector-typed slice, the copy becomes a vector load/store, the field loads
; extractelements: no alloca left.
define float @dot(<2 x float> %a.coerce0, float %a.coerce1) {
; CHECK-LABEL: define float @dot(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %x = extractelement <2 x float> %a.coerce0, i32 0
; CHECK-NEXT:    %y = extractelement <2 x float> %a.coerce0, i32 1
; CHECK-NEXT:    %xy = fadd float %x, %y
; CHECK-NEXT:    %r = fadd float %xy, %a.coerce1
; CHECK-NEXT:    ret float %r
entry:
  %a = alloca %struct.vec3, align 4
  %coerce = alloca { <2 x float>, float }, align 4
  %c0 = getelementptr inbounds { <2 x float>, float }, ptr %coerce, i32 0, i32 0
  store <2 x float> %a.coerce0, ptr %c0, align 4
  %c1 = getelementptr inbounds { <2 x float>, float }, ptr %coerce, i32 0, i32 1
  store float %a.coerce1, ptr %c1, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %a, ptr align 4 %coerce, i64 12, i1 false)
  %x = load float, ptr %a, align 4
  %p1 = getelementptr inbounds [3 x float], ptr %a, i64 0, i64 1
  %y = load float, ptr %p1, align 4
  %p2 = getelementptr inbounds [3 x float], ptr %a, i64 0, i64 2
  %z = load float, ptr %p2, align 4
  %xy = fadd float %x, %y
  %r = fadd float %xy, %z
  ret float %r
}

; `union { v4f v; float f[4]; } u; u.v = v; u.f[1] = x; return u.v;`:
; one lane written, an insertelement into the stored vector.
define <4 x float> @set_lane(<4 x float> %v, float %x) {
; CHECK-LABEL: define <4 x float> @set_lane(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[I:%.*]] = insertelement <4 x float> %v, float %x, i32 1
; CHECK-NEXT:    ret <4 x float> [[I]]
entry:
  %u = alloca %union.lanes, align 16
  store <4 x float> %v, ptr %u, align 16
  %f1 = getelementptr inbounds [4 x float], ptr %u, i64 0, i64 1
  store float %x, ptr %f1, align 4
  %r = load <4 x float>, ptr %u, align 16
  ret <4 x float> %r
}

; Two lanes at once, both ways: `u.p[1] = p` stores a <2 x float> into
; lanes 2..3 (widen by shufflevector, merge by select), and reading lanes
; 2..3 back is a shufflevector.
define <2 x float> @pair_lanes(<4 x float> %v, <2 x float> %p) {
; CHECK-LABEL: define <2 x float> @pair_lanes(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[W:%.*]] = shufflevector <2 x float> %p, <2 x float> poison, <4 x i32> <i32 poison, i32 poison, i32 0, i32 1>
; CHECK-NEXT:    [[M:%.*]] = select <4 x i1> <i1 false, i1 false, i1 true, i1 true>, <4 x float> [[W]], <4 x float> %v
; CHECK-NEXT:    %r = shufflevector <4 x float> [[M]], <4 x float> poison, <2 x i32> <i32 1, i32 2>
; CHECK-NEXT:    ret <2 x float> %r
entry:
  %u = alloca %union.lanes, align 16
  store <4 x float> %v, ptr %u, align 16
  %hi = getelementptr inbounds i8, ptr %u, i64 8
  store <2 x float> %p, ptr %hi, align 8
  %mid = getelementptr inbounds i8, ptr %u, i64 4
  %r = load <2 x float>, ptr %mid, align 4
  ret <2 x float> %r
}

; memset of lanes 2..3 of an <4 x i32>, read back as an i64 of lanes
; 0..1: the i64 access proposes <2 x i64> besides <4 x i32>; the element
; types differ, so (as in LLVM) both become integer vectors and the one
; with fewer elements, <2 x i64>, is tried first and fits. The memset is a
; splat of the byte into one i64 lane.
define i64 @memset_lanes(<4 x i32> %v, i8 %b) {
; CHECK-LABEL: define i64 @memset_lanes(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[V:%.*]] = bitcast <4 x i32> %v to <2 x i64>
; CHECK-NEXT:    [[Z:%.*]] = zext i8 %b to i64
; CHECK-NEXT:    [[S:%.*]] = mul i64 [[Z]], 72340172838076673
; CHECK-NEXT:    [[I:%.*]] = insertelement <2 x i64> [[V]], i64 [[S]], i32 1
; CHECK-NEXT:    %r = extractelement <2 x i64> [[I]], i32 0
; CHECK-NEXT:    %add = add i64 %r, 1
; CHECK-NEXT:    ret i64 %add
entry:
  %u = alloca <4 x i32>, align 16
  store <4 x i32> %v, ptr %u, align 16
  %hi = getelementptr inbounds i8, ptr %u, i64 8
  call void @llvm.memset.p0.i64(ptr align 8 %hi, i8 %b, i64 8, i1 false)
  %r = load i64, ptr %u, align 16
  %add = add i64 %r, 1
  ret i64 %add
}

; memset of lanes 2..3 of a <4 x float>: the byte splat to an i32, a
; bitcast to float, a vector splat of two lanes, merged by select.
define <4 x float> @memset_two_lanes(<4 x float> %v, i8 %b) {
; CHECK-LABEL: define <4 x float> @memset_two_lanes(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[Z:%.*]] = zext i8 %b to i32
; CHECK-NEXT:    [[S:%.*]] = mul i32 [[Z]], 16843009
; CHECK-NEXT:    [[F:%.*]] = bitcast i32 [[S]] to float
; CHECK-NEXT:    [[I:%.*]] = insertelement <2 x float> poison, float [[F]], i64 0
; CHECK-NEXT:    [[SPLAT:%.*]] = shufflevector <2 x float> [[I]], <2 x float> poison, <2 x i32> zeroinitializer
; CHECK-NEXT:    [[WIDE:%.*]] = shufflevector <2 x float> [[SPLAT]], <2 x float> poison, <4 x i32> <i32 poison, i32 poison, i32 0, i32 1>
; CHECK-NEXT:    [[M:%.*]] = select <4 x i1> <i1 false, i1 false, i1 true, i1 true>, <4 x float> [[WIDE]], <4 x float> %v
; CHECK-NEXT:    ret <4 x float> [[M]]
entry:
  %u = alloca <4 x float>, align 16
  store <4 x float> %v, ptr %u, align 16
  %hi = getelementptr inbounds i8, ptr %u, i64 8
  call void @llvm.memset.p0.i64(ptr align 8 %hi, i8 %b, i64 8, i1 false)
  %r = load <4 x float>, ptr %u, align 16
  ret <4 x float> %r
}

; GEPs that index into a vector type step by the element's size: overlapping
; <2 x i32> stores at lanes 0..1 and 1..2 and an i32 at lane 3 make one
; <4 x i32> partition; each store merges its lanes into the vector (the
; lanes never written are undef, as LLVM's sroa gives).
define <4 x i32> @subvector_stores() {
; CHECK-LABEL: define <4 x i32> @subvector_stores(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[B0:%.*]] = select <4 x i1> <i1 true, i1 true, i1 false, i1 false>, <4 x i32> <i32 0, i32 0, i32 undef, i32 undef>, <4 x i32> undef
; CHECK-NEXT:    [[B1:%.*]] = select <4 x i1> <i1 false, i1 true, i1 true, i1 false>, <4 x i32> <i32 undef, i32 1, i32 1, i32 undef>, <4 x i32> [[B0]]
; CHECK-NEXT:    [[I:%.*]] = insertelement <4 x i32> [[B1]], i32 3, i32 3
; CHECK-NEXT:    ret <4 x i32> [[I]]
entry:
  %a = alloca <4 x i32>, align 16
  store <2 x i32> <i32 0, i32 0>, ptr %a, align 16
  %g1 = getelementptr <4 x i32>, ptr %a, i32 0, i32 1
  store <2 x i32> <i32 1, i32 1>, ptr %g1, align 4
  %g3 = getelementptr <4 x i32>, ptr %a, i32 0, i32 3
  store i32 3, ptr %g3, align 4
  %r = load <4 x i32>, ptr %a, align 16
  ret <4 x i32> %r
}

; A 2-byte load at byte 3 covers no whole element of <2 x float> nor of
; the <4 x i16> it proposes: not vector-promotable, and not
; integer-widenable either (the whole access is a vector): the alloca
; stays, as with LLVM's sroa.
define i16 @half_lane(<2 x float> %v) {
; CHECK-LABEL: define i16 @half_lane(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %u = alloca <2 x float>, align 8
; CHECK-NEXT:    store <2 x float> %v, ptr %u, align 8
; CHECK-NEXT:    %mid = getelementptr inbounds i8, ptr %u, i64 3
; CHECK-NEXT:    %r = load i16, ptr %mid, align 1
; CHECK-NEXT:    ret i16 %r
entry:
  %u = alloca <2 x float>, align 8
  store <2 x float> %v, ptr %u, align 8
  %mid = getelementptr inbounds i8, ptr %u, i64 3
  %r = load i16, ptr %mid, align 1
  ret i16 %r
}

; STATS: pebble-sroa: @dot: split 2 allocas into 4 slices, promoted 4 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @set_lane: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @pair_lanes: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @memset_lanes: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @memset_two_lanes: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @subvector_stores: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @half_lane: split 0 allocas into 0 slices, promoted 0 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)
