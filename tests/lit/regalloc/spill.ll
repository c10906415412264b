; Thirty values live across a call: a call clobbers every caller-saved
; register (precoloured nodes interfering with each value live across it),
; so only the 12 callee-saved integer registers can hold them and the rest
; are spilled. SelectSpill picks by cost / degree; the rewrite reloads each
; through a new temporary (in an ordinary register, not a scratch one) and
; a second round colours the program with its spill code. The checker
; verifies the result; linear scan spills as many values here.

; RUN: %pebble llc --verify-regalloc --regalloc-stats %s -o %t.s 2>&1 | FileCheck %s --check-prefix=GC
; GC: pebble llc: @pressure: copies {{[0-9]+}} -> {{[0-9]+}}, spilled 18 values, 18 spill loads, 18 spill stores, 12 callee-saved (s0 s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11)

; RUN: %pebble llc --explain-regalloc pressure %s | FileCheck %s --check-prefix=TRACE
; TRACE-LABEL: round 1
; TRACE: spill?
; TRACE: no colour left: actual spill
; TRACE: rewrite: {{.*}} get spill slots
; TRACE-LABEL: round 2
; TRACE-NOT: actual spill
; TRACE: result: 2 round(s), 18 value(s) spilled

; RUN: FileCheck %s --check-prefix=ASM < %t.s
; ASM-LABEL: pressure:
; ASM: sd s11,
; ASM: call g
; ASM: ld {{[ast][0-9]+}}, {{[0-9]+}}(sp)

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

declare i64 @g(i64)

define i64 @pressure(i64 %x) {
  %v0 = mul i64 %x, 3
  %v1 = mul i64 %x, 5
  %v2 = mul i64 %x, 7
  %v3 = mul i64 %x, 9
  %v4 = mul i64 %x, 11
  %v5 = mul i64 %x, 13
  %v6 = mul i64 %x, 15
  %v7 = mul i64 %x, 17
  %v8 = mul i64 %x, 19
  %v9 = mul i64 %x, 21
  %v10 = mul i64 %x, 23
  %v11 = mul i64 %x, 25
  %v12 = mul i64 %x, 27
  %v13 = mul i64 %x, 29
  %v14 = mul i64 %x, 31
  %v15 = mul i64 %x, 33
  %v16 = mul i64 %x, 35
  %v17 = mul i64 %x, 37
  %v18 = mul i64 %x, 39
  %v19 = mul i64 %x, 41
  %v20 = mul i64 %x, 43
  %v21 = mul i64 %x, 45
  %v22 = mul i64 %x, 47
  %v23 = mul i64 %x, 49
  %v24 = mul i64 %x, 51
  %v25 = mul i64 %x, 53
  %v26 = mul i64 %x, 55
  %v27 = mul i64 %x, 57
  %v28 = mul i64 %x, 59
  %v29 = mul i64 %x, 61
  %c = call i64 @g(i64 %x)
  %s0 = add i64 %c, %v0
  %s1 = add i64 %s0, %v1
  %s2 = add i64 %s1, %v2
  %s3 = add i64 %s2, %v3
  %s4 = add i64 %s3, %v4
  %s5 = add i64 %s4, %v5
  %s6 = add i64 %s5, %v6
  %s7 = add i64 %s6, %v7
  %s8 = add i64 %s7, %v8
  %s9 = add i64 %s8, %v9
  %s10 = add i64 %s9, %v10
  %s11 = add i64 %s10, %v11
  %s12 = add i64 %s11, %v12
  %s13 = add i64 %s12, %v13
  %s14 = add i64 %s13, %v14
  %s15 = add i64 %s14, %v15
  %s16 = add i64 %s15, %v16
  %s17 = add i64 %s16, %v17
  %s18 = add i64 %s17, %v18
  %s19 = add i64 %s18, %v19
  %s20 = add i64 %s19, %v20
  %s21 = add i64 %s20, %v21
  %s22 = add i64 %s21, %v22
  %s23 = add i64 %s22, %v23
  %s24 = add i64 %s23, %v24
  %s25 = add i64 %s24, %v25
  %s26 = add i64 %s25, %v26
  %s27 = add i64 %s26, %v27
  %s28 = add i64 %s27, %v28
  %s29 = add i64 %s28, %v29
  ret i64 %s29
}
