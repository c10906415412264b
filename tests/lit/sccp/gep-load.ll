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

; Loads through a chain of GEP instructions, as clang -O0 writes
; `g_150[i][j]` and `g_29[i].f1.f0` (csmith 21012 and 21052 on LLVM 22,
; where Pebble replaced fewer instructions than LLVM's sccp): the offsets of
; the chain are summed, and every index that is not a constant indexes the
; table (`Op::TableLoad`, positions in units of the strides' gcd). LLVM 19
; and 22 fold each of these the same way.
@grid = internal constant [2 x [3 x i16]] [[3 x i16] [i16 1, i16 2, i16 3], [3 x i16] [i16 4, i16 5, i16 6]]
%inner = type { i64, i64, i32 }
%outer = type <{ i8, %inner, i24 }>
@nested = internal constant [1 x %outer] [%outer <{ i8 1, %inner { i64 7, i64 -9, i32 11 }, i24 869 }>]

; Two proven indices, one per GEP: grid[1][2].
define i16 @two_indices_two_geps(i1 %c) {
; CHECK-LABEL: define {{.*}}i16 @two_indices_two_geps(
; CHECK:       m:
; CHECK-NEXT:    ret i16 6
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %i = phi i64 [ 1, %a ], [ 1, %b ]
  %j = phi i32 [ 2, %a ], [ 2, %b ]
  %row = getelementptr inbounds [2 x [3 x i16]], ptr @grid, i64 0, i64 %i
  %jj = sext i32 %j to i64
  %p = getelementptr inbounds [3 x i16], ptr %row, i64 0, i64 %jj
  %v = load i16, ptr %p, align 2
  ret i16 %v
}

; Fields of a packed struct behind a proven index, three GEPs deep, an i64
; at an odd offset and an i24.
define i64 @struct_chain(i1 %c) {
; CHECK-LABEL: define {{.*}}i64 @struct_chain(
; CHECK:       m:
; CHECK-NEXT:    ret i64 867
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %i = phi i64 [ 0, %a ], [ 0, %b ]
  %e = getelementptr inbounds [1 x %outer], ptr @nested, i64 0, i64 %i
  %f1 = getelementptr inbounds nuw %outer, ptr %e, i32 0, i32 1
  %f0 = getelementptr inbounds nuw %inner, ptr %f1, i32 0, i32 1
  %x = load i64, ptr %f0, align 1
  %f2 = getelementptr inbounds nuw %outer, ptr %e, i32 0, i32 2
  %y = load i24, ptr %f2, align 1
  %y64 = zext i24 %y to i64
  %s = add i64 %x, %y64
  %t = add i64 %s, 7
  ret i64 %t
}

; One index unknown: the load stays (the constant GEP under it becomes a
; constant expression).
define i16 @one_index_unknown(i64 %j) {
; CHECK-LABEL: define {{.*}}i16 @one_index_unknown(
; CHECK:         %v = load i16, ptr %p
entry:
  %row = getelementptr inbounds [2 x [3 x i16]], ptr @grid, i64 0, i64 1
  %p = getelementptr inbounds [3 x i16], ptr %row, i64 0, i64 %j
  %v = load i16, ptr %p, align 2
  ret i16 %v
}

; A negative constant index anywhere in the chain: not read (Pebble reads
; non-negative indices only; LLVM folds this one to 3). The GEPs of
; constants still become one constant expression.
define i16 @negative_index_in_chain() {
; CHECK-LABEL: define {{.*}}i16 @negative_index_in_chain(
; CHECK:         %v = load i16, ptr getelementptr inbounds{{( nuw)?}} (i8, ptr @grid, i64 4)
; CHECK-NEXT:    ret i16 %v
entry:
  %row = getelementptr inbounds [2 x [3 x i16]], ptr @grid, i64 0, i64 1
  %p = getelementptr inbounds i16, ptr %row, i64 -1
  %v = load i16, ptr %p, align 2
  ret i16 %v
}

; STATS: pebble-sccp: @two_indices_two_geps: 6 constants,
; STATS: pebble-sccp: @struct_chain: 10 constants,
; STATS: pebble-sccp: @one_index_unknown: 1 constants,
; STATS: pebble-sccp: @negative_index_in_chain: 2 constants,
