; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=SAME,V%llvm-major %s
; RUN: FileCheck --check-prefix=STATS%llvm-major %s < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck --check-prefixes=SAME,V%llvm-major %s
;
; Phis of structs (`read::aggregate::PhiFields`): LLVM 22's SCCP merges
; them field by field, so an `extractvalue` of a struct phi folds when
; that field is one constant on every executable edge (V22 lines); LLVM
; 19's makes every field of a struct phi overdefined (V19 lines). Pebble
; gives each field an extract reads a phi of its own, with no LLVM
; instruction, over the incoming structs' fields. The third RUN line
; checks the same lines against the LLVM's own `sccp`.

define i64 @join(i1 %c, i64 %x) {
; SAME-LABEL: @join(
; SAME:         %p = phi { i64, i64 } [ %s2, %a ], [ { i64 1, i64 5 }, %b ]
; V22-NEXT:     %f1 = extractvalue { i64, i64 } %p, 1
; V22-NEXT:     %r = add i64 1, %f1
; V19-NEXT:     %f0 = extractvalue { i64, i64 } %p, 0
; V19-NEXT:     %f1 = extractvalue { i64, i64 } %p, 1
; V19-NEXT:     %r = add i64 %f0, %f1
entry:
  br i1 %c, label %a, label %b
a:
  %s1 = insertvalue { i64, i64 } poison, i64 1, 0
  %s2 = insertvalue { i64, i64 } %s1, i64 %x, 1
  br label %j
b:
  br label %j
j:
  %p = phi { i64, i64 } [ %s2, %a ], [ { i64 1, i64 5 }, %b ]
  %f0 = extractvalue { i64, i64 } %p, 0
  %f1 = extractvalue { i64, i64 } %p, 1
  %r = add i64 %f0, %f1
  ret i64 %r
}

; A field carried around a loop through its own extract: 7 throughout.
define i64 @loop(i64 %n) {
; SAME-LABEL: @loop(
; V22:          %q = insertvalue { i64, i64 } %q0, i64 7, 0
; V22:          ret i64 7
; V19:          %q = insertvalue { i64, i64 } %q0, i64 %f0, 0
; V19:          ret i64 %f0
entry:
  br label %h
h:
  %p = phi { i64, i64 } [ { i64 7, i64 0 }, %entry ], [ %q, %h ]
  %f0 = extractvalue { i64, i64 } %p, 0
  %f1 = extractvalue { i64, i64 } %p, 1
  %i = add i64 %f1, 1
  %q0 = insertvalue { i64, i64 } %p, i64 %i, 1
  %q = insertvalue { i64, i64 } %q0, i64 %f0, 0
  %c = icmp ult i64 %i, %n
  br i1 %c, label %h, label %e
e:
  ret i64 %f0
}

; Two constants meet in a range: the add cannot wrap.
define i8 @ranges(i1 %c) {
; SAME-LABEL: @ranges(
; V22:          %t = add nuw nsw i8 %f0, 100
; V19:          %t = add i8 %f0, 100
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi { i8, i8 } [ { i8 1, i8 0 }, %a ], [ { i8 3, i8 0 }, %b ]
  %f0 = extractvalue { i8, i8 } %p, 0
  %t = add i8 %f0, 100
  ret i8 %t
}

; A field no incoming value knows (an argument's) stays.
define i64 @unknown_field({ i64, i64 } %s, i1 %c) {
; SAME-LABEL: @unknown_field(
; SAME:         %f = extractvalue { i64, i64 } %p, 0
; SAME-NEXT:    ret i64 %f
entry:
  br i1 %c, label %a, label %j
a:
  br label %j
j:
  %p = phi { i64, i64 } [ %s, %entry ], [ { i64 1, i64 2 }, %a ]
  %f = extractvalue { i64, i64 } %p, 0
  ret i64 %f
}

; STATS22: pebble-sccp: @join: 2 constants,
; STATS22: pebble-sccp: @loop: 1 constants,
; STATS22: pebble-sccp: @ranges: 0 constants, {{.*}} 2 flags added,
; STATS22: pebble-sccp: @unknown_field: 0 constants,
; STATS19: pebble-sccp: @join: 1 constants,
; STATS19: pebble-sccp: @loop: 0 constants,
; STATS19: pebble-sccp: @ranges: 0 constants, {{.*}} 0 flags added,
; STATS19: pebble-sccp: @unknown_field: 0 constants,
