; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefix=SAME %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: %if llvm-22 %{ opt -passes=sccp -S %s | FileCheck --check-prefix=SAME %s %}
;
; Return attributes from the returned values (`returns`, LLVM 22's
; `inferReturnAttributes`): a range of two or more values that cannot be
; undef becomes `range` (narrowing one already there), a pointer that is
; never null `nonnull`. Left alone: a constant (the rewrite returns it),
; a value that may be undef, definitions another module may replace.
; The third RUN line checks LLVM 22's own `sccp` against the same lines;
; LLVM 19's adds none of these.

declare i8 @g8()

define i32 @zext8() {
; SAME-LABEL: define range(i32 0, 256) i32 @zext8(
  %x = call i8 @g8()
  %z = zext i8 %x to i32
  ret i32 %z
}

define i32 @two_returns(i1 %c) {
; SAME-LABEL: define range(i32 1, 6) i32 @two_returns(
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 5
}

define range(i32 0, 100) i32 @narrower_already(i8 %x) {
; SAME-LABEL: define range(i32 0, 100) i32 @narrower_already(
  %z = zext i8 %x to i32
  ret i32 %z
}

define range(i32 0, 1000) i32 @narrowed(i8 %x) {
; SAME-LABEL: define range(i32 0, 256) i32 @narrowed(
  %z = zext i8 %x to i32
  ret i32 %z
}

define noundef i32 @signed(i8 %x) {
; SAME-LABEL: define noundef range(i32 -128, 128) i32 @signed(
  %z = sext i8 %x to i32
  ret i32 %z
}

define ptr @alloca_address() {
; SAME-LABEL: define nonnull ptr @alloca_address(
  %a = alloca i32
  ret ptr %a
}

define i32 @constant() {
; SAME-LABEL: define i32 @constant(
  ret i32 7
}

define i32 @maybe_undef(i1 %c) {
; SAME-LABEL: define i32 @maybe_undef(
  %s = select i1 %c, i32 3, i32 undef
  %t = select i1 %c, i32 %s, i32 9
  ret i32 %t
}

define linkonce_odr i32 @replaceable_odr() {
; SAME-LABEL: define linkonce_odr i32 @replaceable_odr(
  %x = call i8 @g8()
  %z = zext i8 %x to i32
  ret i32 %z
}

define weak i32 @replaceable_weak() {
; SAME-LABEL: define weak i32 @replaceable_weak(
  %x = call i8 @g8()
  %z = zext i8 %x to i32
  ret i32 %z
}

; Integers wider than 64 bits: the zero- or sign-extensions of 64-bit
; intervals (`wide::range`), a constant return met with them too. A
; `range` already there is kept as it is (LLVM intersects; here the same).
define i72 @wide_zext(i14 %v) {
; SAME-LABEL: define range(i72 0, 16384) i72 @wide_zext(
  %z = zext i14 %v to i72
  ret i72 %z
}

define i128 @wide_two_returns(i1 %c, i8 %v) {
; SAME-LABEL: define range(i128 -128, 1001) i128 @wide_two_returns(
entry:
  br i1 %c, label %a, label %b
a:
  %s = sext i8 %v to i128
  ret i128 %s
b:
  ret i128 1000
}

define range(i72 0, 100) i72 @wide_already(i14 %v) {
; SAME-LABEL: define range(i72 0, 100) i72 @wide_already(
  %z = zext i14 %v to i72
  ret i72 %z
}

; STATS: pebble-sccp: @zext8: {{.*}}, 1 return attributes
; STATS: pebble-sccp: @two_returns: {{.*}}, 1 return attributes
; STATS: pebble-sccp: @narrower_already: {{.*}}, 0 return attributes
; STATS: pebble-sccp: @narrowed: {{.*}}, 1 return attributes
; STATS: pebble-sccp: @signed: {{.*}}, 1 return attributes
; STATS: pebble-sccp: @alloca_address: {{.*}}, 1 return attributes
; STATS: pebble-sccp: @constant: {{.*}}, 0 return attributes
; STATS: pebble-sccp: @maybe_undef: {{.*}}, 0 return attributes
; STATS: pebble-sccp: @replaceable_odr: {{.*}}, 0 return attributes
; STATS: pebble-sccp: @replaceable_weak: {{.*}}, 0 return attributes
; STATS: pebble-sccp: @wide_zext: {{.*}}, 1 return attributes
; STATS: pebble-sccp: @wide_two_returns: {{.*}}, 1 return attributes
; STATS: pebble-sccp: @wide_already: {{.*}}, 0 return attributes
