; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; A load from a `constant` global with a definitive initializer reads the
; initializer (as LLVM's sccp does with ConstantFoldLoadFromConstPtr). Only
; bytes inside integers, or inside zero values, are read (little-endian); a
; load may span several of them.
; Definitive (LLVM's GlobalVariable::hasDefinitiveInitializer): internal,
; private and external definitions, and the `_odr` forms, which promise the
; same initializer everywhere; not `weak` or `linkonce`, which another
; module may replace (constant-load-interposition.ll: the module flag that
; makes external definitions replaceable too).

%pair = type { i8, i32 }

@table = internal constant [4 x i16] [i16 10, i16 20, i16 30, i16 -1]
@pairs = internal constant [2 x %pair] [%pair { i8 1, i32 100 }, %pair { i8 2, i32 200 }]
@zeros = internal constant [8 x i32] zeroinitializer
@mutable = internal global i32 7
@external = constant i32 7
@odr = linkonce_odr constant i32 8
@weak = weak constant i32 9
@linkonce = linkonce constant i32 10
@with_ptr = internal constant ptr @mutable
@vtable = internal unnamed_addr constant <{ ptr, [16 x i8], ptr }> <{ ptr @folded, [16 x i8] c"\08\00\00\00\00\00\00\00\08\00\00\00\00\00\00\00", ptr null }>
; How rustc writes constants: bytes, some undef.
@rust_bytes = internal unnamed_addr constant [16 x i8] c"\01\00\00\00\00\00\00\00\02\01\00\00\00\00\00\00"
@rust_packed = internal unnamed_addr constant <{ [8 x i8], [8 x i8] }> <{ [8 x i8] zeroinitializer, [8 x i8] undef }>

define void @folded(ptr %out) {
; CHECK-LABEL: define void @folded(
; CHECK-NEXT:    store volatile i16 30, ptr %out
; CHECK-NEXT:    store volatile i32 200, ptr %out
; CHECK-NEXT:    store volatile i8 2, ptr %out
; CHECK-NEXT:    store volatile i32 0, ptr %out
; CHECK-NEXT:    store volatile i8 -1, ptr %out
; CHECK-NEXT:    store volatile i32 7, ptr %out
; CHECK-NEXT:    store volatile i32 8, ptr %out
; CHECK-NEXT:    store volatile i32 1310730, ptr %out
; CHECK-NEXT:    store volatile i64 1, ptr %out
; CHECK-NEXT:    store volatile i64 258, ptr %out
; CHECK-NEXT:    store volatile i64 0, ptr %out
; CHECK-NEXT:    ret void
  %a = load i16, ptr getelementptr inbounds ([4 x i16], ptr @table, i64 0, i64 2)
  store volatile i16 %a, ptr %out
  %b = load i32, ptr getelementptr inbounds ([2 x %pair], ptr @pairs, i64 0, i64 1, i32 1)
  store volatile i32 %b, ptr %out
  %c = load i8, ptr getelementptr inbounds ([2 x %pair], ptr @pairs, i64 0, i64 1)
  store volatile i8 %c, ptr %out
  %d = load i32, ptr getelementptr inbounds ([8 x i32], ptr @zeros, i64 0, i64 5)
  store volatile i32 %d, ptr %out
  ; The high byte of the i16 -1 (little-endian: byte 7 of @table).
  %e = load i8, ptr getelementptr (i8, ptr @table, i64 7)
  store volatile i8 %e, ptr %out
  %f = load i32, ptr @external
  store volatile i32 %f, ptr %out
  %g = load i32, ptr @odr
  store volatile i32 %g, ptr %out
  ; Two elements, 10 and 20: 20 << 16 | 10.
  %h = load i32, ptr @table
  store volatile i32 %h, ptr %out
  %i = load i64, ptr @rust_bytes
  store volatile i64 %i, ptr %out
  %j = load i64, ptr getelementptr inbounds (i8, ptr @rust_bytes, i64 8)
  store volatile i64 %j, ptr %out
  %k = load i64, ptr @rust_packed
  store volatile i64 %k, ptr %out
  ret void
}

; Must not fold: a mutable global, a volatile load, and constants another
; module may replace (`weak`, `linkonce`); undef bytes read as `undef`, as
; LLVM's do. Not folded by choice, though LLVM 19 folds them: a byte of
; padding, and the bytes of a pointer.
define void @kept(ptr %out) {
; CHECK-LABEL: define void @kept(
; CHECK-NEXT:    [[A:%.*]] = load i32, ptr @mutable
; CHECK:         [[B:%.*]] = load i32, ptr @weak
; CHECK:         [[B2:%.*]] = load i32, ptr @linkonce
; CHECK:         [[C:%.*]] = load volatile i16, ptr @table
; CHECK:         store volatile i64 undef, ptr %out
; CHECK:         [[E:%.*]] = load i8, ptr getelementptr (i8, ptr @pairs, i64 1)
; CHECK:         [[F:%.*]] = load i64, ptr @with_ptr
; CHECK:         ret void
  %a = load i32, ptr @mutable
  store volatile i32 %a, ptr %out
  %b = load i32, ptr @weak
  store volatile i32 %b, ptr %out
  %b2 = load i32, ptr @linkonce
  store volatile i32 %b2, ptr %out
  %c = load volatile i16, ptr @table
  store volatile i16 %c, ptr %out
  %d = load i64, ptr getelementptr inbounds (i8, ptr @rust_packed, i64 8)
  store volatile i64 %d, ptr %out
  %e = load i8, ptr getelementptr (i8, ptr @pairs, i64 1)
  store volatile i8 %e, ptr %out
  %f = load i64, ptr @with_ptr
  store volatile i64 %f, ptr %out
  ret void
}

; Pointers read from constants (a vtable, as rustc writes one): a
; function's address, zeros as null, undef bytes as undef; bytes that
; start inside another value are not read. What LLVM 19's and 22's `sccp`
; print too.
declare void @usep(ptr)
define void @pointers() {
; CHECK-LABEL: define void @pointers(
; CHECK-NEXT:    call void @usep(ptr @folded)
; CHECK-NEXT:    call void @usep(ptr null)
; CHECK-NEXT:    call void @usep(ptr null)
; CHECK-NEXT:    call void @usep(ptr undef)
; CHECK-NEXT:    call void @usep(ptr @mutable)
; CHECK-NEXT:    [[W:%.*]] = load ptr, ptr getelementptr inbounds (i8, ptr @vtable, i64 4)
; CHECK-NEXT:    call void @usep(ptr [[W]])
; CHECK-NEXT:    ret void
  %f = load ptr, ptr @vtable
  call void @usep(ptr %f)
  %n = load ptr, ptr getelementptr inbounds (i8, ptr @vtable, i64 24)
  call void @usep(ptr %n)
  %z = load ptr, ptr @zeros
  call void @usep(ptr %z)
  %u = load ptr, ptr getelementptr inbounds (i8, ptr @rust_packed, i64 8)
  call void @usep(ptr %u)
  %m = load ptr, ptr @with_ptr
  call void @usep(ptr %m)
  %w = load ptr, ptr getelementptr inbounds (i8, ptr @vtable, i64 4)
  call void @usep(ptr %w)
  ret void
}

; A load through a GEP *instruction* whose index the solver proves
; constant (2 on both edges): `Op::TableLoad`, as LLVM 19 folds it (its
; lattice holds the GEP as a constant expression); the GEP itself becomes
; a constant and goes. More cases: gep-load.ll.
define i32 @through_gep_instruction(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @through_gep_instruction(
; CHECK:       m:
; CHECK-NEXT:    ret i32 30
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %i = phi i64 [ 2, %a ], [ 2, %b ]
  %p = getelementptr inbounds [4 x i16], ptr @table, i64 0, i64 %i
  %v = load i16, ptr %p
  %w = sext i16 %v to i32
  ret i32 %w
}
