; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefix=SAME %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck --check-prefix=SAME %s
;
; Struct fields (`read::aggregate`, LLVM's struct lattice): `extractvalue`
; of a field an `insertvalue` chain or a constant struct gives folds to
; it, and an `insertvalue` whose fields are all constants becomes a
; constant struct (`undef` for a poison or undef field). Not tracked, as
; in LLVM: arrays, structs inserted into structs, several indices,
; `select` and `freeze` of structs (struct phis: `struct-phis.ll`).
; The third RUN line checks the same lines against the LLVM's own `sccp`.

define { i64, i64 } @chain() {
; SAME-LABEL: define { i64, i64 } @chain(
; SAME-NEXT:    ret { i64, i64 } { i64 1, i64 2 }
  %a = insertvalue { i64, i64 } poison, i64 1, 0
  %b = insertvalue { i64, i64 } %a, i64 2, 1
  ret { i64, i64 } %b
}

define { i64, i64 } @poison_field() {
; SAME-LABEL: define { i64, i64 } @poison_field(
; SAME-NEXT:    ret { i64, i64 } { i64 1, i64 undef }
  %a = insertvalue { i64, i64 } poison, i64 1, 0
  ret { i64, i64 } %a
}

define i64 @one_field_unknown(i64 %x) {
; SAME-LABEL: define i64 @one_field_unknown(
; SAME-NEXT:    %b = insertvalue { i64, i64 } { i64 1, i64 undef }, i64 %x, 1
; SAME-NEXT:    %f = extractvalue { i64, i64 } %b, 1
; SAME-NEXT:    %s = add i64 1, %f
  %a = insertvalue { i64, i64 } poison, i64 1, 0
  %b = insertvalue { i64, i64 } %a, i64 %x, 1
  %e = extractvalue { i64, i64 } %b, 0
  %f = extractvalue { i64, i64 } %b, 1
  %s = add i64 %e, %f
  ret i64 %s
}

define i64 @constant_struct_and_nested(i64 %x) {
; SAME-LABEL: define {{.*}}i64 @constant_struct_and_nested(
; SAME:         %f = extractvalue { i64, { i32, i32 } } %b, 1, 0
; SAME:         %h = add nuw nsw i64 0, %g
  %a = insertvalue { i64, i64 } zeroinitializer, i64 %x, 1
  %e = extractvalue { i64, i64 } %a, 0
  %b = insertvalue { i64, { i32, i32 } } poison, { i32, i32 } { i32 1, i32 2 }, 1
  %f = extractvalue { i64, { i32, i32 } } %b, 1, 0
  %g = zext i32 %f to i64
  %h = add i64 %e, %g
  ret i64 %h
}

define { i64, i1 } @select_and_freeze(i1 %c) {
; SAME-LABEL: define { i64, i1 } @select_and_freeze(
; SAME-NEXT:    %s = select i1 %c, { i64, i1 } { i64 7, i1 undef }, { i64, i1 } { i64 7, i1 undef }
; SAME-NEXT:    %e = extractvalue { i64, i1 } %s, 0
; SAME-NEXT:    %f = freeze { i64, i1 } { i64 7, i1 true }
  %a = insertvalue { i64, i1 } poison, i64 7, 0
  %s = select i1 %c, {i64, i1} %a, {i64, i1} %a
  %e = extractvalue {i64, i1} %s, 0
  %b = insertvalue { i64, i1 } %a, i1 true, 1
  %f = freeze {i64, i1} %b
  ret {i64, i1} %f
}

define [2 x i64] @array() {
; SAME-LABEL: define [2 x i64] @array(
; SAME-NEXT:    %a = insertvalue [2 x i64] poison, i64 7, 0
; SAME-NEXT:    %e = extractvalue [2 x i64] %a, 0
  %a = insertvalue [2 x i64] poison, i64 7, 0
  %e = extractvalue [2 x i64] %a, 0
  %b = insertvalue [2 x i64] %a, i64 %e, 1
  ret [2 x i64] %b
}

define i32 @pointer_field(i32 %x) {
; SAME-LABEL: define {{.*}}i32 @pointer_field(
; SAME-NEXT:    %a = insertvalue { i32, ptr } { i32 1, ptr @pointer_field }, i32 %x, 0
; SAME-NEXT:    ret i32 0
  %a = insertvalue { i32, ptr } { i32 1, ptr @pointer_field }, i32 %x, 0
  %p = extractvalue { i32, ptr } %a, 1
  %q = icmp eq ptr %p, null
  %r = zext i1 %q to i32
  ret i32 %r
}

; STATS: pebble-sccp: @chain: 2 constants,
; STATS: pebble-sccp: @poison_field: 1 constants,
; STATS: pebble-sccp: @one_field_unknown: 2 constants,
