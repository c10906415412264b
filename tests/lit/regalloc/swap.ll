; The seed's swap loop (examples/swap.c after pebble-mem2reg) through graph
; colouring: the parameter %n is coalesced into a0 by George's test (it is
; precoloured), the phi copies of %i and %b by Briggs's; the copies of the
; swap itself (a := b, b := t) are constrained because both ends are live
; at once. Linear scan keeps more copies than graph colouring.

; RUN: %pebble llc %s --explain-regalloc fib | FileCheck %s --check-prefix=TRACE
; TRACE: @fib: graph colouring with iterated coalescing (George & Appel 1996), K = 24 integer, 29 float registers
; TRACE: machine IR (virtual registers):
; TRACE-NEXT: block 0:
; TRACE-NEXT: entry a0=v0
; TRACE-LABEL: round 1
; TRACE-NEXT: build: 8 nodes, 17 interference edges between them, 8 moves (6 copies, 2 to or from ABI registers)
; TRACE-NEXT: worklists: simplify [—]  freeze [v0 v1 v2 v3 v4 v5 v6 v7]  spill [—]  moves 8
; TRACE: coalesce v5 into v3 (Briggs)
; TRACE: coalesce v0 into a0 (George)
; TRACE: simplify v1         stack [v4 v2 v3 v1]
; TRACE-NEXT: assign (pop the stack):
; TRACE-NEXT: v1         -> t0
; TRACE: coalesced nodes take their alias's colour: v0 -> a0
; TRACE-NEXT: result: 1 round(s), 0 value(s) spilled

; The picture's source: coalesced moves bold, an ABI register as a box.
; RUN: %pebble llc %s --explain-regalloc fib --dot %t.dot > /dev/null
; RUN: FileCheck %s --check-prefix=DOT < %t.dot
; DOT: graph interference {
; DOT: "v0" [label="v0\na0"
; DOT: "v0" -- "a0" [color="#2a9d2a", penwidth=2.5
; DOT: "a0" [shape=box

; -O2 (the default) colours by graph colouring, -O0 by linear scan; the loop
; counter lives in one register, compared with the parameter where it came.
; RUN: %pebble llc %s -o - | FileCheck %s --check-prefix=ASM
; ASM-LABEL: fib:
; ASM-NOT: sp
; ASM: bge t1, a0, .LBB0_4
; ASM: addiw t1, t1, 1
; ASM: mv a0, t0
; ASM-NEXT: ret

; RUN: %pebble llc -O2 --regalloc-stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GC
; RUN: %pebble llc -O0 --regalloc-stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LS
; RUN: %pebble llc -O2 --regalloc=linear-scan --regalloc-stats %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LS
; GC: pebble llc: @fib: copies 8 -> 4, spilled 0 values, 0 spill loads, 0 spill stores, 0 callee-saved ()
; GC-NEXT: pebble llc: total: copies 8 -> 4, spilled 0 values
; LS: pebble llc: @fib: copies 8 -> 5, spilled 0 values

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

define dso_local signext i32 @fib(i32 noundef signext %n) {
entry:
  br label %for.cond

for.cond:
  %a.0 = phi i32 [ 0, %entry ], [ %b.0, %for.inc ]
  %b.0 = phi i32 [ 1, %entry ], [ %add, %for.inc ]
  %i.0 = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %cmp = icmp slt i32 %i.0, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %add = add nsw i32 %a.0, %b.0
  br label %for.inc

for.inc:
  %inc = add nsw i32 %i.0, 1
  br label %for.cond

for.end:
  ret i32 %a.0
}
