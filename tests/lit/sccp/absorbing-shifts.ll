; A logical shift of 0 and an arithmetic shift of 0 or of all ones are that
; value whatever the amount: for an amount below the width it is the
; result, past the width the result is poison, refined to it. LLVM's SCCP
; gets the same from its ranges, whose shifts follow APInt's (an amount
; past the width shifts every bit out). The case that was missed: both
; operands constant and the amount past the width (llvm-stress 21046 on
; LLVM 22, `ashr i64 -1, %Sl15` with `%Sl15` the constant -1, found by
; `scripts/difftest-sccp-values --missed`).
; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck %s

; STATS: pebble-sccp: @amount_past_the_width: 3 constants,
; STATS: pebble-sccp: @amount_unknown: 2 constants,
; STATS: pebble-sccp: @value_unknown: 0 constants,

; CHECK-LABEL: @amount_past_the_width(
; CHECK-NEXT:    ret i64 -1
define i64 @amount_past_the_width() {
  %a = ashr i64 -1, 64
  %b = lshr i64 0, -1
  %r = or i64 %a, %b
  ret i64 %r
}

; CHECK-LABEL: @amount_unknown(
; CHECK-NEXT:    ret i64 -1
define i64 @amount_unknown(i64 %x) {
  %a = ashr exact i64 -1, %x
  %r = or i64 %a, 5
  ret i64 %r
}

; The amount alone decides nothing.
; CHECK-LABEL: @value_unknown(
; CHECK:         %a = ashr i64 %x, 64
define i64 @value_unknown(i64 %x) {
  %a = ashr i64 %x, 64
  ret i64 %a
}
