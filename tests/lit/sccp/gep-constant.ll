; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
;
; GEP instructions from a constant pointer with constant indices are
; constant pointers in the solver (`pointer::offset`), as LLVM's
; `visitGetElementPtrInst` folds them, so what reads them folds too:
; `ptrtoint`, pointer compares, other GEPs, phis. Pebble prints what LLVM
; 19 and 22 print for each function here, except that LLVM also folds
; arithmetic on the `ptrtoint` of a global (@through_phi's %t and %v: a
; constant expression, which Pebble's lattice does not hold) and infers
; `inbounds` (and on LLVM 22 `nuw`) on a GEP that stays inside its global
; (@through_phi's @h). Before, these GEPs became constants only after
; solving, and nothing that read them folded.

@g = internal global [4 x i32] zeroinitializer
@h = global [4 x i32] zeroinitializer

; The base and the index come through phis of equal constants.
define i64 @through_phi(i1 %c) {
; CHECK-LABEL: define i64 @through_phi(
; CHECK:       m:
; CHECK-NEXT:    %t = add nuw nsw i64 0, ptrtoint (ptr getelementptr (i8, ptr @h, i64 8) to i64)
; CHECK-NEXT:    %v = add i64 %t, 1
; CHECK-NEXT:    store ptr getelementptr inbounds{{( nuw)?}} (i8, ptr @g, i64 12), ptr getelementptr (i8, ptr @h, i64 8), align 8
; CHECK-NEXT:    ret i64 %v
entry:
  br i1 %c, label %a, label %b
a:
  br label %m
b:
  br label %m
m:
  %p = phi ptr [ @g, %a ], [ @g, %b ]
  %k = phi i64 [ 2, %a ], [ 2, %b ]
  %q = getelementptr inbounds [4 x i32], ptr %p, i64 0, i64 3
  %r = getelementptr [4 x i32], ptr @h, i64 0, i64 %k
  %s = getelementptr inbounds i8, ptr %q, i64 -12
  %e = icmp eq ptr %s, @g
  %n = getelementptr inbounds i8, ptr null, i64 0
  %i = ptrtoint ptr %n to i64
  %j = ptrtoint ptr %r to i64
  %t = add i64 %i, %j
  %u = zext i1 %e to i64
  %v = add i64 %t, %u
  store ptr %q, ptr %r
  ret i64 %v
}

; `(char *)NULL + 0`, as lz4 writes it: null, whose integer is 0.
define i64 @null_plus_zero(i64 %x) {
; CHECK-LABEL: define i64 @null_plus_zero(
; CHECK-NEXT:    %q = getelementptr inbounds i8, ptr null, i64 %x
; CHECK-NEXT:    %j = ptrtoint ptr %q to i64
; CHECK-NEXT:    %s = add nuw nsw i64 0, %j
; CHECK-NEXT:    ret i64 %s
  %p = getelementptr inbounds i8, ptr null, i64 0
  %i = ptrtoint ptr %p to i64
  %q = getelementptr inbounds i8, ptr %p, i64 %x
  %j = ptrtoint ptr %q to i64
  %s = add i64 %i, %j
  ret i64 %s
}

; An integer address moved by a GEP stays an integer: `inttoptr`.
define i64 @integer_address() {
; CHECK-LABEL: define i64 @integer_address(
; CHECK-NEXT:    ret i64 40
  %p = getelementptr i8, ptr inttoptr (i64 32 to ptr), i64 8
  %i = ptrtoint ptr %p to i64
  ret i64 %i
}

; A struct field, then an array element: offsets 4 + 2 * 4.
%pair = type { i8, [4 x i32] }
@pairs = internal global %pair zeroinitializer
define i1 @struct_then_array() {
; CHECK-LABEL: define i1 @struct_then_array(
; CHECK-NEXT:    ret i1 true
  %f = getelementptr inbounds %pair, ptr @pairs, i64 0, i32 1
  %e = getelementptr inbounds [4 x i32], ptr %f, i64 0, i64 2
  %b = getelementptr inbounds i8, ptr @pairs, i64 12
  %c = icmp eq ptr %e, %b
  ret i1 %c
}

; Must not: different globals through the phi, or an unknown index.
define i1 @not_constant(i1 %c, i64 %x) {
; CHECK-LABEL: define i1 @not_constant(
; CHECK:         %q = getelementptr inbounds{{( nuw)?}} [4 x i32], ptr %p, i64 0, i64 1
; CHECK-NEXT:    %r = getelementptr inbounds [4 x i32], ptr @g, i64 0, i64 %x
; CHECK-NEXT:    %e = icmp eq ptr %q, %r
; CHECK-NEXT:    ret i1 %e
entry:
  br i1 %c, label %a, label %m
a:
  br label %m
m:
  %p = phi ptr [ @g, %a ], [ @h, %entry ]
  %q = getelementptr inbounds [4 x i32], ptr %p, i64 0, i64 1
  %r = getelementptr inbounds [4 x i32], ptr @g, i64 0, i64 %x
  %e = icmp eq ptr %q, %r
  ret i1 %e
}

; STATS: pebble-sccp: @through_phi: 10 constants,
; STATS: pebble-sccp: @null_plus_zero: 2 constants,
; STATS: pebble-sccp: @integer_address: 2 constants,
; STATS: pebble-sccp: @struct_then_array: 4 constants,
; STATS: pebble-sccp: @not_constant: 0 constants,
