; Precoloured registers at calls. %x is live across the call, so it
; interferes with every caller-saved register the call clobbers and gets a
; callee-saved one (s1, saved by the prologue); the call's result and the
; return value are coalesced with a0 by George's test (no move around the
; add). In the leaf function both parameters stay in their argument
; registers and the temporary takes a caller-saved register: no frame.

; RUN: %pebble llc --verify-regalloc %s -o - | FileCheck %s
; CHECK-LABEL: f:
; CHECK: sd s1,
; CHECK: mv s1, a0
; CHECK: call g
; CHECK-NEXT: add a0, a0, s1
; CHECK: ld s1,
; CHECK-LABEL: leaf:
; CHECK-NOT: sp
; CHECK: add t0, a0, a1
; CHECK-NEXT: mul a0, t0, a0
; CHECK-NEXT: ret

; RUN: %pebble llc --regalloc-stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: pebble llc: @f: copies 4 -> 2, spilled 0 values, 0 spill loads, 0 spill stores, 1 callee-saved (s1)
; STATS-NEXT: pebble llc: @leaf: copies 3 -> 0, spilled 0 values, 0 spill loads, 0 spill stores, 0 callee-saved ()
; STATS-NEXT: pebble llc: total: copies 7 -> 2, spilled 0 values, 0 spill loads, 0 spill stores, 1 callee-saved (2 functions)

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

declare i64 @g(i64)

define i64 @f(i64 %x) {
  %y = call i64 @g(i64 %x)
  %z = add i64 %y, %x
  ret i64 %z
}

define i64 @leaf(i64 %a, i64 %b) {
  %s = add i64 %a, %b
  %t = mul i64 %s, %a
  ret i64 %t
}
