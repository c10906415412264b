; Accesses outside an alloca are undefined behaviour; pebble-sroa follows
; LLVM 19's SliceBuilder instead of keeping the alloca whole (slices.rs):
; a store that runs past the end, and any access that begins outside, is
; erased (a load's uses get poison); a load that runs past the end is
; clamped: it is promotable when the partition's type covers it, or as an
; integer load of an integer partition (zero-extended). Every function here
; ends with as many allocas as `opt -passes=sroa` leaves.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; STATS: pebble-sroa: @store_past_end: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 1 dead uses
; STATS: pebble-sroa: @load_after_end: split 0 allocas into 0 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 2 dead uses
; STATS: pebble-sroa: @integer_load_past_end: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @only_a_wide_load: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @wide_vector_load_kept: split 0 allocas into 0 slices, promoted 0 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @memset_past_end: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 1 dead uses
; STATS: pebble-sroa: @wide_type_grows_the_alloca: split 2 allocas into 2 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @widening_a_vector_slot: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @dead_chain_of_an_erased_store: split 0 allocas into 0 slices, promoted 2 allocas, inserted 0 phis, speculated 0 loads, poisoned 1 dead uses

; The <2 x i64> store writes 8 bytes past an i64: erased, %a is promoted.
define i64 @store_past_end(i64 %x) {
; CHECK-LABEL: define i64 @store_past_end(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i64 %x
entry:
  %a = alloca i64
  store i64 %x, ptr %a
  store <2 x i64> zeroinitializer, ptr %a
  %l = load i64, ptr %a
  ret i64 %l
}

; A load 8 bytes into an 8-byte alloca, and one before it: poison.
define i64 @load_after_end(i64 %x) {
; CHECK-LABEL: define i64 @load_after_end(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %w = zext i32 poison to i64
; CHECK-NEXT:    %s = add i64 %x, %w
; CHECK-NEXT:    %t = add i64 %s, poison
; CHECK-NEXT:    ret i64 %t
entry:
  %a = alloca i64
  store i64 %x, ptr %a
  %past = getelementptr i8, ptr %a, i64 8
  %before = getelementptr i8, ptr %a, i64 -4
  %l1 = load i32, ptr %past
  %l2 = load i64, ptr %before
  %w = zext i32 %l1 to i64
  %l = load i64, ptr %a
  %s = add i64 %l, %w
  %t = add i64 %s, %l2
  ret i64 %t
}

; An i16 load of an i8 slot: the stored byte, zero-extended (LLVM's load.ext).
define i16 @integer_load_past_end(i8 %x) {
; CHECK-LABEL: define i16 @integer_load_past_end(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v = zext i8 %x to i16
; CHECK-NEXT:    ret i16 %v
entry:
  %a = alloca i8
  store i8 %x, ptr %a
  %v = load i16, ptr %a
  ret i16 %v
}

; Never written, read as <16 x i64>: the partition takes the load's type
; (it covers the 8 bytes), and promotion makes the load undef.
define void @only_a_wide_load(ptr %out) {
; CHECK-LABEL: define void @only_a_wide_load(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    store <16 x i64> undef, ptr %out
; CHECK-NEXT:    ret void
entry:
  %a = alloca i64
  %v = load <16 x i64>, ptr %a
  store <16 x i64> %v, ptr %out
  ret void
}

; Written as i64, read as <16 x i64>: no type covers both, and a vector
; past the end is not an integer: the alloca stays, as with LLVM.
define void @wide_vector_load_kept(i64 %x, ptr %out) {
; CHECK-LABEL: define void @wide_vector_load_kept(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = alloca i64
; CHECK-NEXT:    store i64 %x, ptr %a
; CHECK-NEXT:    %v = load <16 x i64>, ptr %a
entry:
  %a = alloca i64
  store i64 %x, ptr %a
  %v = load <16 x i64>, ptr %a
  store <16 x i64> %v, ptr %out
  ret void
}

; A memset that begins past the end is erased; one that runs past it is cut.
define i32 @memset_past_end() {
; CHECK-LABEL: define i32 @memset_past_end(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i32 16843009
entry:
  %a = alloca i32
  %far = getelementptr i8, ptr %a, i64 6
  call void @llvm.memset.p0.i64(ptr %far, i8 7, i64 4, i1 false)
  call void @llvm.memset.p0.i64(ptr %a, i8 1, i64 12, i1 false)
  %l = load i32, ptr %a
  ret i32 %l
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; Never written; read as i8 and, past the end, as <16 x i16>: the partition
; takes the wide load's type, so its new alloca is 32 bytes and is looked at
; again with the load inside it, where vector promotion (<32 x i8>) applies.
; LLVM's sroa gives the same (A.sroa.0.sroa.0).
define i8 @wide_type_grows_the_alloca(ptr %o) {
; CHECK-LABEL: define i8 @wide_type_grows_the_alloca(
; CHECK-NEXT:    %a = extractelement <32 x i8> undef, i32 0
; CHECK-NEXT:    %b = bitcast <32 x i8> undef to <16 x i16>
; CHECK-NEXT:    store <16 x i16> %b, ptr %o
; CHECK-NEXT:    ret i8 %a
  %A = alloca i64
  %a = load i8, ptr %A
  %b = load <16 x i16>, ptr %A
  store <16 x i16> %b, ptr %o
  ret i8 %a
}

; Integer widening of a vector-typed partition (LLVM's isIntegerWideningViable
; accepts any type a bitcast turns into iN): whole double and i64 stores, a
; partial i16 store, into <8 x i8>. Promoted, as LLVM's sroa does.
define <8 x i8> @widening_a_vector_slot(i16 %x) {
; CHECK-LABEL: define <8 x i8> @widening_a_vector_slot(
; CHECK-NOT:     alloca
; CHECK:         ret <8 x i8>
  %A = alloca <8 x i8>
  store double 1.0, ptr %A
  store i64 0, ptr %A
  store i16 %x, ptr %A
  %v = load <8 x i8>, ptr %A
  ret <8 x i8> %v
}

; The double stored past the end of %small is erased, and with it what only
; it used (LLVM's `deleteDeadInstructions`): the extractelement and the
; wide load of %other, which was %other's one access that kept it in
; memory; %other is looked at again and promoted, as LLVM 19 and 22 do
; (llvm-stress seed 6021, reduced). Before, Pebble left %other.
define i16 @dead_chain_of_an_erased_store() {
; CHECK-LABEL: define i16 @dead_chain_of_an_erased_store(
; CHECK-NEXT:    ret i16 2
  %other = alloca i16, align 2
  %small = alloca i16, align 2
  store i16 1, ptr %other, align 2
  store i16 2, ptr %small, align 2
  %wide = load <2 x double>, ptr %other, align 2
  %e = extractelement <2 x double> %wide, i32 0
  store double %e, ptr %small, align 2
  %r = load i16, ptr %small, align 2
  ret i16 %r
}
