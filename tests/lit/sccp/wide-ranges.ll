; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=SAME,PEBBLE %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck --check-prefixes=SAME,LLVM %s
;
; Ranges of integers of 65 to 128 bits (`wide::range`): the zero- or
; sign-extension of a 64-bit interval, enough for clang's bit-field
; extracts on an i72 storage unit and for 128-bit products of 64-bit
; values, so that their `trunc`s, `zext`s and arithmetic get LLVM's flags.
; A range that is no such extension is the full set: LLVM keeps
; `[0, 3 * (2^64 - 1)]` for `(zext i64 %a) * 3`, Pebble does not, so LLVM
; proves flags on what is computed from it and Pebble does not (PEBBLE and
; LLVM lines). The third RUN line checks the SAME lines against the
; LLVM's own `sccp`.

@g = global i72 0

define i64 @bitfield_unsigned() {
; SAME-LABEL: @bitfield_unsigned(
; SAME:         %c = and i72 %s, 16383
; SAME-NEXT:    %t = trunc nuw nsw i72 %c to i32
; SAME-NEXT:    %z = zext nneg i32 %t to i64
  %l = load i72, ptr @g, align 1
  %s = lshr i72 %l, 47
  %c = and i72 %s, 16383
  %t = trunc i72 %c to i32
  %z = zext i32 %t to i64
  ret i64 %z
}

define i64 @bitfield_signed() {
; SAME-LABEL: @bitfield_signed(
; SAME:         %a = ashr i72 %s, 44
; SAME-NEXT:    %t = trunc nsw i72 %a to i32
  %l = load i72, ptr @g, align 1
  %s = shl i72 %l, 25
  %a = ashr i72 %s, 44
  %t = trunc i72 %a to i32
  %z = sext i32 %t to i64
  ret i64 %z
}

define i64 @high_half(i64 %a, i64 %b) {
; SAME-LABEL: @high_half(
; SAME:         %p = mul nuw i128 %x, %y
; SAME-NEXT:    %h = lshr i128 %p, 64
; SAME-NEXT:    %t = trunc nuw i128 %h to i64
; SAME-NEXT:    %l = trunc i128 %p to i64
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %p = mul i128 %x, %y
  %h = lshr i128 %p, 64
  %t = trunc i128 %h to i64
  %l = trunc i128 %p to i64
  %r = add i64 %t, %l
  ret i64 %r
}

define i128 @arithmetic(i64 %a) {
; SAME-LABEL: @arithmetic(
; SAME:         %d = sub nsw i128 %x, 5
; SAME-NEXT:    %m = mul nuw nsw i128 %x, 3
; SAME-NEXT:    %q = shl nuw nsw i128 %x, 3
; LLVM-NEXT:    %u = add nuw nsw i128 %m, %q
; LLVM-NEXT:    %v = add nsw i128 %u, %d
; PEBBLE-NEXT:  %u = add i128 %m, %q
; PEBBLE-NEXT:  %v = add i128 %u, %d
  %x = zext i64 %a to i128
  %d = sub i128 %x, 5
  %m = mul i128 %x, 3
  %q = shl i128 %x, 3
  %u = add i128 %m, %q
  %v = add i128 %u, %d
  ret i128 %v
}

define i1 @compare(i64 %a) {
; SAME-LABEL: @compare(
; SAME-NEXT:    %x = zext i64 %a to i128
; SAME-NEXT:    ret i1 true
  %x = zext i64 %a to i128
  %c = icmp ult i128 %x, 18446744073709551616
  ret i1 %c
}

; Two wide constants meet in a range (one element of it is a constant).
define i8 @phi_of_constants(i1 %c) {
; SAME-LABEL: @phi_of_constants(
; SAME:         %p = phi i128 [ 1, %a ], [ 7, %b ]
; SAME-NEXT:    %t = trunc nuw nsw i128 %p to i8
; SAME-NEXT:    %r = add nuw nsw i8 %t, 1
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi i128 [ 1, %a ], [ 7, %b ]
  %t = trunc i128 %p to i8
  %e = icmp ult i128 %p, 8
  %z = zext i1 %e to i8
  %r = add i8 %t, %z
  ret i8 %r
}

; A counter of 128 bits widens to overdefined as a narrow one does.
define i128 @counter(i128 %n) {
; SAME-LABEL: @counter(
; SAME:         %i.next = add i128 %i, 1
entry:
  br label %head
head:
  %i = phi i128 [ 0, %entry ], [ %i.next, %head ]
  %i.next = add i128 %i, 1
  %c = icmp ult i128 %i.next, %n
  br i1 %c, label %head, label %exit
exit:
  ret i128 %i
}

; STATS: pebble-sccp: @bitfield_unsigned: 0 constants, {{.*}} 3 flags added,
; STATS: pebble-sccp: @bitfield_signed: 0 constants, {{.*}} 1 flags added,
; STATS: pebble-sccp: @high_half: 0 constants, {{.*}} 2 flags added,
; STATS: pebble-sccp: @arithmetic: 0 constants, {{.*}} 5 flags added,
; STATS: pebble-sccp: @compare: 1 constants,
; STATS: pebble-sccp: @phi_of_constants: 2 constants, {{.*}} 4 flags added,
; STATS: pebble-sccp: @counter: 0 constants, {{.*}} 0 flags added,
