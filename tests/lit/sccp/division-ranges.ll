; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=SAME,PEBBLE %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck --check-prefix=SAME %s
;
; Ranges of udiv, urem, sdiv and srem as LLVM's ConstantRange computes
; them (`range::transfer`): a divisor of 0, and the signed minimum divided
; by -1, are immediate UB, so those operand pairs add nothing to the
; result's range. Unlike LLVM, Pebble never deletes a division that may
; trap: it stays and its uses take the constant (PEBBLE lines). The third
; RUN line checks the same lines against the
; LLVM's own `sccp` (the return `range` attributes LLVM 22 adds are left
; out of the checks: LLVM 19's `sccp` does not add them).

define i16 @urem_maybe_zero(i16 %a, i16 %b) {
; SAME-LABEL: @urem_maybe_zero(
; SAME:         %r = urem i32 %x, %y
; SAME-NEXT:    %t = trunc nuw i32 %r to i16
  %x = zext i16 %a to i32
  %y = zext i16 %b to i32
  %r = urem i32 %x, %y
  %t = trunc i32 %r to i16
  ret i16 %t
}

define i8 @udiv_maybe_zero(i8 %a, i8 %b) {
; SAME-LABEL: @udiv_maybe_zero(
; SAME:         %r = udiv i32 %x, %y
; SAME-NEXT:    %t = trunc nuw i32 %r to i8
  %x = zext i8 %a to i32
  %y = zext i8 %b to i32
  %r = udiv i32 %x, %y
  %t = trunc i32 %r to i8
  ret i8 %t
}

; [-32768, 32767] srem [-32768, 32767] is in [-32767, 32767].
define i16 @srem_maybe_zero(i16 %a, i16 %b) {
; SAME-LABEL: @srem_maybe_zero(
; SAME:         %r = srem i32 %x, %y
; SAME-NEXT:    %t = trunc nsw i32 %r to i16
  %x = sext i16 %a to i32
  %y = sext i16 %b to i32
  %r = srem i32 %x, %y
  %t = trunc i32 %r to i16
  ret i16 %t
}

; [-128, 127] sdiv [-128, 127] is in [-128, 128] (-128 / -1).
define i16 @sdiv_maybe_zero(i8 %a, i8 %b) {
; SAME-LABEL: @sdiv_maybe_zero(
; SAME:         %r = sdiv i32 %x, %y
; SAME-NEXT:    %t = trunc nsw i32 %r to i16
  %x = sext i8 %a to i32
  %y = sext i8 %b to i32
  %r = sdiv i32 %x, %y
  %t = trunc i32 %r to i16
  ret i16 %t
}

; x urem 1 is 0, and x urem 0 is UB: the remainder is 0.
define i32 @urem_zero_or_one(i32 %a, i1 %c) {
; SAME-LABEL: @urem_zero_or_one(
; PEBBLE-NEXT:  %y = zext i1 %c to i32
; PEBBLE-NEXT:  %r = urem i32 %a, %y
; SAME:         ret i32 0
  %y = zext i1 %c to i32
  %r = urem i32 %a, %y
  ret i32 %r
}

; The same on 128 bits (`wide::range`).
define i128 @wide_urem_zero_or_one(i128 %a, i1 %c) {
; SAME-LABEL: @wide_urem_zero_or_one(
; PEBBLE-NEXT:  %y = zext i1 %c to i128
; PEBBLE-NEXT:  %r = urem i128 %a, %y
; SAME:         ret i128 0
  %y = zext i1 %c to i128
  %r = urem i128 %a, %y
  ret i128 %r
}

; {min, min + 1} sdiv {-2, -1}: min / -1 is UB, so the quotient is in
; [2^30 - 1, 2^31 - 1] and adding 1 cannot wrap unsigned.
define i32 @sdiv_min_by_minus_one(i1 %c, i1 %d) {
; SAME-LABEL: @sdiv_min_by_minus_one(
; SAME:         %r = sdiv i32 %x, %y
; SAME-NEXT:    %s = add nuw i32 %r, 1
  %x = select i1 %c, i32 -2147483648, i32 -2147483647
  %y = select i1 %d, i32 -1, i32 -2
  %r = sdiv i32 %x, %y
  %s = add i32 %r, 1
  ret i32 %s
}

; Only 0 as divisor: every execution is UB, nothing is known.
define i8 @udiv_by_zero_only(i8 %a) {
; SAME-LABEL: @udiv_by_zero_only(
; SAME:         %r = udiv i32 %x, 0
; SAME-NEXT:    %t = trunc i32 %r to i8
  %x = zext i8 %a to i32
  %r = udiv i32 %x, 0
  %t = trunc i32 %r to i8
  ret i8 %t
}

; STATS: pebble-sccp: @urem_maybe_zero: 0 constants, {{.*}} 1 flags added,
; STATS: pebble-sccp: @udiv_maybe_zero: 0 constants, {{.*}} 1 flags added,
; STATS: pebble-sccp: @srem_maybe_zero: 0 constants, {{.*}} 1 flags added,
; STATS: pebble-sccp: @sdiv_maybe_zero: 0 constants, {{.*}} 1 flags added,
; STATS: pebble-sccp: @urem_zero_or_one: 0 constants, {{.*}} 1 uses replaced,
; STATS: pebble-sccp: @wide_urem_zero_or_one: 0 constants, {{.*}} 1 uses replaced,
; STATS: pebble-sccp: @sdiv_min_by_minus_one: 0 constants, {{.*}} 1 flags added,
; STATS: pebble-sccp: @udiv_by_zero_only: 0 constants, {{.*}} 0 flags added,
