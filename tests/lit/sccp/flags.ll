; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
;
; Flags from ranges, as LLVM 19's SCCP adds them after solving: an
; operation none of whose operand values can wrap gets `nuw`/`nsw`, a
; `zext` or `uitofp` of a value never negative gets `nneg`, a `trunc` of a value that
; fits gets `nuw`/`nsw`. Each line below is what `opt -passes=sccp` prints
; for the same input.

; %z = zext i8 %x is in [0, 255].
define void @from_zext(i8 %x) {
; CHECK-LABEL: define void @from_zext(
; CHECK:         %z = zext i8 %x to i32
; CHECK-NEXT:    %a = add nuw nsw i32 %z, 10
; CHECK-NEXT:    %s = sub nsw i32 %z, 300
; CHECK-NEXT:    %m = mul nuw nsw i32 %z, 1000
; CHECK-NEXT:    %sh = shl nuw nsw i32 %z, 3
; CHECK-NEXT:    %t = trunc nuw i32 %z to i8
; CHECK-NEXT:    %t2 = trunc nuw nsw i32 %a to i16
; CHECK-NEXT:    %e = zext nneg i32 %a to i64
  %z = zext i8 %x to i32
  %a = add i32 %z, 10
  %s = sub i32 %z, 300
  %m = mul i32 %z, 1000
  %sh = shl i32 %z, 3
  %t = trunc i32 %z to i8
  %t2 = trunc i32 %a to i16
  %e = zext i32 %a to i64
  call void @use(i32 %a, i32 %s, i32 %m, i32 %sh, i8 %t, i16 %t2, i64 %e)
  ret void
}

; Must not: [0, 255] * 2^25 wraps as signed and unsigned; 0 - [0, 255]
; wraps unsigned (nsw only); an unknown value proves nothing; a flag the
; instruction has already is not counted again.
define void @no_flags(i8 %x, i32 %y) {
; CHECK-LABEL: define void @no_flags(
; CHECK:         %m = mul i32 %z, 33554432
; CHECK-NEXT:    %n = sub nsw i32 0, %z
; CHECK-NEXT:    %u = add i32 %y, 1
; CHECK-NEXT:    %k = add nuw nsw i32 %z, 1
; CHECK-NEXT:    %w = shl i32 %z, 25
  %z = zext i8 %x to i32
  %m = mul i32 %z, 33554432
  %n = sub i32 0, %z
  %u = add i32 %y, 1
  %k = add nuw i32 %z, 1
  %w = shl i32 %z, 25
  call void @use(i32 %m, i32 %n, i32 %u, i32 %k, i32 %w)
  ret void
}

; A loop counter that widening made overdefined gets nothing; a phi of two
; constants is a range whose sum fits.
define i32 @phi_range(i1 %c) {
; CHECK-LABEL: define {{.*}}i32 @phi_range(
; CHECK:         %r = add nuw nsw i32 %p, 100
entry:
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %p = phi i32 [ 1, %a ], [ 7, %b ]
  %r = add i32 %p, 100
  ret i32 %r
}

; `uitofp` is the other instruction that may carry `nneg`.
define float @to_float(i8 %x, i32 %y) {
; CHECK-LABEL: define float @to_float(
; CHECK:         %f = uitofp nneg i32 %z to float
; CHECK-NEXT:    %g = uitofp i32 %y to float
  %z = zext i8 %x to i32
  %f = uitofp i32 %z to float
  %g = uitofp i32 %y to float
  %s = fadd float %f, %g
  ret float %s
}

; STATS: pebble-sccp: @from_zext: 0 constants, 0 branches folded, 0 blocks removed, 11 flags added, 0 made unsigned
; STATS: pebble-sccp: @no_flags: 0 constants, 0 branches folded, 0 blocks removed, 2 flags added, 0 made unsigned
; STATS: pebble-sccp: @phi_range: 0 constants, 0 branches folded, 0 blocks removed, 2 flags added, 0 made unsigned
; STATS: pebble-sccp: @to_float: 0 constants, 0 branches folded, 0 blocks removed, 1 flags added, 0 made unsigned

declare void @use(...)
