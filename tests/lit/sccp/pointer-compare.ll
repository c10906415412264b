; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Comparisons of constant pointers (rules in src/transforms/sccp/pointer.rs,
; after LLVM's constant folder): null is null, a global is not null, two
; pointers into one global compare by offset, two distinct internal
; globals differ, integer addresses compare as integers. Cases these rules
; do not decide are left alone. LLVM 19
; folds the same, except %same (two spellings of @g + 8), which it keeps.

@g = internal global [4 x i32] zeroinitializer
@h = internal global i32 0
@weak = extern_weak global i32
@merged = internal unnamed_addr constant i32 1
@empty = internal global {} zeroinitializer

define void @decided(ptr %out) {
; CHECK-LABEL: define void @decided(
; CHECK-NEXT:    store volatile i1 true, ptr %out
; CHECK-NEXT:    store volatile i1 true, ptr %out
; CHECK-NEXT:    store volatile i1 false, ptr %out
; CHECK-NEXT:    store volatile i1 true, ptr %out
; CHECK-NEXT:    store volatile i1 false, ptr %out
; CHECK-NEXT:    store volatile i1 true, ptr %out
; CHECK-NEXT:    store volatile i1 true, ptr %out
; CHECK-NEXT:    store volatile i1 true, ptr %out
; CHECK-NEXT:    store volatile i1 false, ptr %out
; CHECK-NEXT:    store volatile i1 true, ptr %out
; CHECK-NEXT:    ret void
  %null_eq = icmp eq ptr null, null
  store volatile i1 %null_eq, ptr %out
  %g_ne_null = icmp ne ptr @g, null
  store volatile i1 %g_ne_null, ptr %out
  %elt_eq_null = icmp eq ptr getelementptr inbounds ([4 x i32], ptr @g, i64 0, i64 2), null
  store volatile i1 %elt_eq_null, ptr %out
  %same = icmp eq ptr getelementptr inbounds ([4 x i32], ptr @g, i64 0, i64 2), getelementptr (i8, ptr @g, i64 8)
  store volatile i1 %same, ptr %out
  %other_elt = icmp eq ptr getelementptr inbounds ([4 x i32], ptr @g, i64 0, i64 1), @g
  store volatile i1 %other_elt, ptr %out
  %distinct = icmp ne ptr @g, @h
  store volatile i1 %distinct, ptr %out
  %above_null = icmp ugt ptr @h, null
  store volatile i1 %above_null, ptr %out
  ; Rust's dangling pointers: integer addresses (rule 5).
  %dangling = icmp ne ptr inttoptr (i64 8 to ptr), null
  store volatile i1 %dangling, ptr %out
  %two_addresses = icmp eq ptr inttoptr (i64 8 to ptr), inttoptr (i64 16 to ptr)
  store volatile i1 %two_addresses, ptr %out
  %ordered = icmp ult ptr inttoptr (i64 8 to ptr), inttoptr (i64 16 to ptr)
  store volatile i1 %ordered, ptr %out
  ret void
}

; Must not fold: an extern_weak global may be null; an unnamed_addr global
; may be merged with another; a zero-sized global may share its address;
; one past the end of @g may be @h; the signed order of addresses is
; unknown; a pointer argument is not a constant; and @h may be at any
; address.
define void @undecided(ptr %out, ptr %p) {
; CHECK-LABEL: define void @undecided(
; CHECK-NEXT:    [[A:%.*]] = icmp eq ptr @weak, null
; CHECK-NEXT:    store volatile i1 [[A]], ptr %out
; CHECK-NEXT:    [[B:%.*]] = icmp eq ptr @merged, @h
; CHECK-NEXT:    store volatile i1 [[B]], ptr %out
; CHECK-NEXT:    [[C:%.*]] = icmp eq ptr @empty, @h
; CHECK-NEXT:    store volatile i1 [[C]], ptr %out
; CHECK-NEXT:    [[D:%.*]] = icmp eq ptr getelementptr inbounds ([4 x i32], ptr @g, i64 1), @h
; CHECK-NEXT:    store volatile i1 [[D]], ptr %out
; CHECK-NEXT:    [[E:%.*]] = icmp sgt ptr @g, null
; CHECK-NEXT:    store volatile i1 [[E]], ptr %out
; CHECK-NEXT:    [[F:%.*]] = icmp eq ptr %p, null
; CHECK-NEXT:    store volatile i1 [[F]], ptr %out
; CHECK-NEXT:    [[G:%.*]] = icmp eq ptr inttoptr (i64 4096 to ptr), @h
; CHECK-NEXT:    store volatile i1 [[G]], ptr %out
; CHECK-NEXT:    ret void
  %a = icmp eq ptr @weak, null
  store volatile i1 %a, ptr %out
  %b = icmp eq ptr @merged, @h
  store volatile i1 %b, ptr %out
  %c = icmp eq ptr @empty, @h
  store volatile i1 %c, ptr %out
  %d = icmp eq ptr getelementptr inbounds ([4 x i32], ptr @g, i64 1), @h
  store volatile i1 %d, ptr %out
  %e = icmp sgt ptr @g, null
  store volatile i1 %e, ptr %out
  %f = icmp eq ptr %p, null
  store volatile i1 %f, ptr %out
  %address_vs_global = icmp eq ptr inttoptr (i64 4096 to ptr), @h
  store volatile i1 %address_vs_global, ptr %out
  ret void
}
