; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=CHECK,LLVM%llvm-major %s
; RUN: FileCheck --check-prefix=STATS%llvm-major %s < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck --check-prefixes=CHECK,LLVM%llvm-major %s
;
; `nuw` on a `getelementptr` (LLVM 22's SCCP, `refineInstruction`): a GEP
; with `nusw` (or `inbounds`, which implies it) and without `nuw` gets
; `nuw` when the range of no index holds a negative value; a branch's
; bound counts where it holds. LLVM 19's SCCP adds no GEP flag, and
; neither does Pebble built for it. The third RUN line checks the same
; lines against the LLVM's own `sccp`.

@g = constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
%S = type { i32, [8 x i16] }

define ptr @bounded_by_branch(ptr %p, i64 %i) {
; CHECK-LABEL: define ptr @bounded_by_branch(
; LLVM22:        %q = getelementptr inbounds nuw i32, ptr %p, i64 %i
; LLVM19:        %q = getelementptr inbounds i32, ptr %p, i64 %i
  %c = icmp ult i64 %i, 10
  br i1 %c, label %t, label %f
t:
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  ret ptr %q
f:
  ret ptr null
}

define void @indices(ptr %p, i8 %x, i64 %n) {
; CHECK-LABEL: define void @indices(
; LLVM22:        %z = zext i8 %x to i64
; LLVM22-NEXT:   %q1 = getelementptr inbounds nuw i32, ptr %p, i64 %z
; LLVM22-NEXT:   %q2 = getelementptr nusw nuw i32, ptr %q1, i64 3
; LLVM22-NEXT:   %q3 = getelementptr i32, ptr %q2, i64 3
; LLVM22-NEXT:   %q4 = getelementptr inbounds i32, ptr %q3, i64 -1
; LLVM22-NEXT:   %q5 = getelementptr inbounds nuw %S, ptr %p, i64 0, i32 1, i64 %z
; LLVM22-NEXT:   %q6 = getelementptr inbounds nuw i32, ptr %p, i64 1
; LLVM22-NEXT:   %q7 = getelementptr inbounds i32, ptr %p, i64 %n
; LLVM22-NEXT:   %u = udiv i64 %n, 2
; LLVM22-NEXT:   %q8 = getelementptr inbounds nuw i8, ptr %p, i64 %u
; LLVM22-NEXT:   %q9 = getelementptr inbounds nuw i8, ptr %p
; LLVM19:        %q1 = getelementptr inbounds i32, ptr %p, i64 %z
; LLVM19-NEXT:   %q2 = getelementptr nusw i32, ptr %q1, i64 3
; LLVM19:        %q5 = getelementptr inbounds %S, ptr %p, i64 0, i32 1, i64 %z
; LLVM19:        %q8 = getelementptr inbounds i8, ptr %p, i64 %u
  %z = zext i8 %x to i64
  %q1 = getelementptr inbounds i32, ptr %p, i64 %z
  %q2 = getelementptr nusw i32, ptr %q1, i64 3
  %q3 = getelementptr i32, ptr %q2, i64 3
  %q4 = getelementptr inbounds i32, ptr %q3, i64 -1
  %q5 = getelementptr inbounds %S, ptr %p, i64 0, i32 1, i64 %z
  %q6 = getelementptr inbounds nuw i32, ptr %p, i64 1
  %q7 = getelementptr inbounds i32, ptr %p, i64 %n
  %u = udiv i64 %n, 2
  %q8 = getelementptr inbounds i8, ptr %p, i64 %u
  %q9 = getelementptr inbounds i8, ptr %p
  call void @use(ptr %q4, ptr %q5, ptr %q6, ptr %q7, ptr %q8, ptr %q9)
  ret void
}

; A GEP of constants becomes a constant expression with the flags it has
; and, on LLVM 22, `nuw` when no index is negative, as LLVM 22's constant
; folder adds it (a flag of the constant, not counted as added). LLVM
; writes the expression with an `i8` offset: only the flags are checked.
define void @constant() {
; CHECK-LABEL: define void @constant(
; LLVM22:        call void @use1(ptr getelementptr inbounds nuw (
; LLVM19:        call void @use1(ptr getelementptr inbounds (
  %q = getelementptr inbounds i32, ptr @g, i64 2
  call void @use1(ptr %q)
  ret void
}

declare void @use(ptr, ptr, ptr, ptr, ptr, ptr)
declare void @use1(ptr)

; STATS22: pebble-sccp: @bounded_by_branch: 0 constants, 0 branches folded, 0 blocks removed, 1 flags added,
; STATS22: pebble-sccp: @indices: 0 constants, 0 branches folded, 0 blocks removed, 5 flags added,
; STATS22: pebble-sccp: @constant: 1 constants, 0 branches folded, 0 blocks removed, 0 flags added,
; STATS19: pebble-sccp: @bounded_by_branch: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added,
; STATS19: pebble-sccp: @indices: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added,
; STATS19: pebble-sccp: @constant: 1 constants, 0 branches folded, 0 blocks removed, 0 flags added,
