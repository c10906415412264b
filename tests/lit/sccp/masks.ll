; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
;
; `and x, m` with `m` a run of low bits is `x` when x's range fits in `m`
; (`mask`; LLVM 22's SCCP removes these, LLVM 19's does not): every CHECK
; line below is also what LLVM 22's `opt -passes=sccp` prints.

; csmith's crc32: `(crc >> 8) & 0x00FFFFFF`.
define i32 @shifted(i32 %crc) {
; CHECK-LABEL: define {{.*}}i32 @shifted(
; CHECK-NEXT:    %shr = lshr i32 %crc, 8
; CHECK-NEXT:    ret i32 %shr
  %shr = lshr i32 %crc, 8
  %and = and i32 %shr, 16777215
  ret i32 %and
}

define i64 @zext_byte(i8 %b) {
; CHECK-LABEL: define {{.*}}i64 @zext_byte(
; CHECK-NEXT:    %z = zext i8 %b to i64
; CHECK-NEXT:    ret i64 %z
  %z = zext i8 %b to i64
  %and = and i64 %z, 255
  ret i64 %and
}

; Must stay: the range does not fit (the shift leaves 24 bits, the mask
; has 16); 254 is not a run of low bits; nothing is known of %x.
define i32 @must_stay(i32 %crc, i8 %b, i32 %x) {
; CHECK-LABEL: define {{.*}}i32 @must_stay(
; CHECK:         %narrow = and i32 %shr, 65535
; CHECK:         %not.low = and i32 %z, 254
; CHECK:         %unknown = and i32 %x, 255
  %shr = lshr i32 %crc, 8
  %narrow = and i32 %shr, 65535
  %z = zext i8 %b to i32
  %not.low = and i32 %z, 254
  %unknown = and i32 %x, 255
  %s1 = xor i32 %narrow, %not.low
  %s = xor i32 %s1, %unknown
  ret i32 %s
}

; csmith's bit-fields in an i72 word: the value stored was zero-extended
; from 14 bits, so the 14-bit mask keeps it whole; a mask of more than 64
; bits too. The 13-bit mask and 2^70 + 1 stay.
define i72 @wide(i14 %v, i72 %x) {
; CHECK-LABEL: define {{.*}}i72 @wide(
; CHECK-NEXT:    %z = zext i14 %v to i72
; CHECK-NEXT:    %narrow = and i72 %z, 8191
; CHECK-NEXT:    %not.mask = and i72 %z, 1180591620717411303425
; CHECK-NEXT:    %shl = shl nuw nsw i72 %z, 47
; CHECK-NEXT:    %s1 = xor i72 %shl, %narrow
; CHECK-NEXT:    %s2 = xor i72 %s1, %z
; CHECK-NEXT:    %s = xor i72 %s2, %not.mask
; CHECK-NEXT:    ret i72 %s
  %z = zext i14 %v to i72
  %value = and i72 %z, 16383
  %narrow = and i72 %z, 8191
  %high = and i72 %z, 1180591620717411303423
  %not.mask = and i72 %z, 1180591620717411303425
  %shl = shl i72 %value, 47
  %s1 = xor i72 %shl, %narrow
  %s2 = xor i72 %s1, %high
  %s = xor i72 %s2, %not.mask
  ret i72 %s
}

; STATS: pebble-sccp: @shifted: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 0 uses replaced, 1 masks removed
; STATS: pebble-sccp: @zext_byte: 0 constants, {{.*}}, 1 masks removed
; STATS: pebble-sccp: @must_stay: 0 constants, {{.*}}, 0 masks removed
; STATS: pebble-sccp: @wide: 0 constants, {{.*}}, 2 masks removed
; STATS: pebble-sccp: @mask_found_by_the_solver: 2 constants, {{.*}}, 1 masks removed

; The mask is no constant of the IR but becomes one: %c is always 1 (%y is
; 0 or 1, less than 22), replaced before the `and` is looked at, as LLVM 22
; replaces each constant before it visits the next instruction; %x is 0 or
; 1, so `and %x, 1` is %x (csmith 19114 on LLVM 22, where LLVM removed one
; mask more than Pebble).
define i32 @mask_found_by_the_solver(i1 %p, i1 %q) {
; CHECK-LABEL: define {{.*}}i32 @mask_found_by_the_solver(
; CHECK-NEXT:    %x = zext i1 %p to i32
; CHECK-NEXT:    %y = zext i1 %q to i64
; CHECK-NEXT:    ret i32 %x
  %x = zext i1 %p to i32
  %y = zext i1 %q to i64
  %lt = icmp slt i64 %y, 22
  %c = zext i1 %lt to i32
  %and = and i32 %x, %c
  ret i32 %and
}
