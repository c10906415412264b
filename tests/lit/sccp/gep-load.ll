; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
;
; Loads through a `getelementptr` *instruction* into a `constant` global
; whose index the solver proves constant (`Op::TableLoad`), and GEP
; instructions whose operands are constants after solving, which become
; constant expressions, as LLVM's `sccp` folds them. LLVM 19 and 22 print
; the same results for @struct_field to @volatile_load except three loads
; Pebble leaves alone: LLVM folds @past_the_end and @narrow_negative_index
; (reads outside the global: UB) to `undef`, a refinement of UB we do not
; make, and @negative_index to 20 (a negative index: Pebble reads only
; non-negative ones). The GEPs of constants are solved as constant pointers
; (`pointer::offset`) and written as LLVM writes them, as byte offsets
; (`getelementptr inbounds (i8, ptr @mutable, i64 4)`).

%pair = type { i8, i32 }

@table = internal constant [4 x i16] [i16 10, i16 20, i16 30, i16 -1]
@pairs = internal constant [2 x %pair] [%pair { i8 1, i32 100 }, %pair { i8 2, i32 200 }]
@mutable = internal global [4 x i16] [i16 10, i16 20, i16 30, i16 -1]
@weak = weak constant [4 x i16] [i16 10, i16 20, i16 30, i16 -1]

; A struct field behind the proven index: the second pair's i32.
define i32 @struct_field(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @struct_field(
; CHECK:       m:
; CHECK-NEXT:    ret i32 200
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %i = phi i64 [ 1, %a ], [ 1, %b ]
  %p = getelementptr inbounds [2 x %pair], ptr @pairs, i64 0, i64 %i, i32 1
  %v = load i32, ptr %p
  ret i32 %v
}

; The first index steps over the source element type.
define i16 @first_index(i1 %c) {
; CHECK-LABEL: define {{.*}}i16 @first_index(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i16 -1
entry:
  %i = select i1 true, i64 3, i64 0
  %p = getelementptr i16, ptr @table, i64 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; An i32 index, sign-extended as GEP indices are.
define i16 @narrow_index(i1 %c) {
; CHECK-LABEL: define {{.*}}i16 @narrow_index(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i16 30
entry:
  %i = add i32 1, 1
  %p = getelementptr inbounds [4 x i16], ptr @table, i32 0, i32 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; Constant operands already: the GEP folds and the load is read.
define i16 @constant_instruction() {
; CHECK-LABEL: define {{.*}}i16 @constant_instruction(
; CHECK-NEXT:    ret i16 20
  %p = getelementptr inbounds [4 x i16], ptr @table, i64 0, i64 1
  %v = load i16, ptr %p
  ret i16 %v
}

; Must not: an index the solver does not know.
define i16 @unknown_index(i64 %i) {
; CHECK-LABEL: define {{.*}}i16 @unknown_index(
; CHECK-NEXT:    %p = getelementptr inbounds [4 x i16], ptr @table, i64 0, i64 %i
; CHECK-NEXT:    %v = load i16, ptr %p
  %p = getelementptr inbounds [4 x i16], ptr @table, i64 0, i64 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; Must not: one past the end (the GEP becomes a constant, the load stays).
define i16 @past_the_end() {
; CHECK-LABEL: define {{.*}}i16 @past_the_end(
; CHECK-NEXT:    %v = load i16, ptr getelementptr inbounds{{( nuw)?}} (i8, ptr @table, i64 8)
  %i = add i64 2, 2
  %p = getelementptr inbounds [4 x i16], ptr @table, i64 0, i64 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; Not read: a negative index (the address is inside @table).
define i16 @negative_index() {
; CHECK-LABEL: define {{.*}}i16 @negative_index(
; CHECK-NEXT:    %v = load i16, ptr getelementptr (i8, ptr @table, i64 2)
  %i = sub i64 0, 1
  %p = getelementptr [4 x i16], ptr getelementptr (i8, ptr @table, i64 4), i64 0, i64 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; Must not: -1 sign-extended is before @table.
define i16 @narrow_negative_index() {
; CHECK-LABEL: define {{.*}}i16 @narrow_negative_index(
; CHECK-NEXT:    %v = load i16, ptr getelementptr (i8, ptr @table, i64 -2)
  %i = sub i32 0, 1
  %p = getelementptr [4 x i16], ptr @table, i64 0, i32 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; Must not: a global that is not `constant`.
define i16 @mutable_global() {
; CHECK-LABEL: define {{.*}}i16 @mutable_global(
; CHECK-NEXT:    %v = load i16, ptr getelementptr inbounds{{( nuw)?}} (i8, ptr @mutable, i64 4)
  %i = add i64 1, 1
  %p = getelementptr inbounds [4 x i16], ptr @mutable, i64 0, i64 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; Must not: a weak definition another module may replace.
define i16 @weak_global() {
; CHECK-LABEL: define {{.*}}i16 @weak_global(
; CHECK-NEXT:    %v = load i16, ptr getelementptr inbounds{{( nuw)?}} (i8, ptr @weak, i64 4)
  %i = add i64 1, 1
  %p = getelementptr inbounds [4 x i16], ptr @weak, i64 0, i64 %i
  %v = load i16, ptr %p
  ret i16 %v
}

; Must not: a volatile load.
define i16 @volatile_load() {
; CHECK-LABEL: define {{.*}}i16 @volatile_load(
; CHECK-NEXT:    %v = load volatile i16, ptr getelementptr inbounds{{( nuw)?}} (i8, ptr @table, i64 4)
  %i = add i64 1, 1
  %p = getelementptr inbounds [4 x i16], ptr @table, i64 0, i64 %i
  %v = load volatile i16, ptr %p
  ret i16 %v
}

; A byte inside one i16 of the table (little-endian).
define i8 @misaligned_bytes() {
; CHECK-LABEL: define {{.*}}i8 @misaligned_bytes(
; CHECK-NEXT:    ret i8 20
  %i = add i64 1, 1
  %p = getelementptr inbounds i8, ptr @table, i64 %i
  %v = load i8, ptr %p
  ret i8 %v
}

; A GEP of a GEP folds once its base has; the load of a global that is not
; `constant` stays (LLVM writes the address as `(i8, ptr @g, i64 8)`).
%s = type { i32, [2 x i32] }
@g = global %s zeroinitializer
define i32 @gep_of_gep(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @gep_of_gep(
; CHECK:       m:
; CHECK-NEXT:    %v = load volatile i32, ptr getelementptr inbounds{{( nuw)?}} (i8, ptr @g, i64 8)
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %i = phi i64 [ 1, %a ], [ 1, %b ]
  %p = getelementptr inbounds %s, ptr @g, i64 0, i32 1
  %q = getelementptr inbounds [2 x i32], ptr %p, i64 0, i64 %i
  %v = load volatile i32, ptr %q
  ret i32 %v
}

; STATS: pebble-sccp: @struct_field: 3 constants,
; STATS: pebble-sccp: @first_index: 3 constants,
; STATS: pebble-sccp: @narrow_index: 3 constants,
; STATS: pebble-sccp: @constant_instruction: 2 constants,
; STATS: pebble-sccp: @unknown_index: 0 constants,
; STATS: pebble-sccp: @past_the_end: 2 constants,
