; An alloca promoted in a later round: %x's address is stored in %p, so %x is
; not promotable at first; once %p is promoted (single store), `*p` becomes
; loads and stores of %x, and the second round promotes it on the general
; path with phis in for.cond and if.end. `explain` shows the blocking store,
; the round, the path and the phis the pass recorded, and counts them in
; "LLVM's mem2reg keeps" (checked against opt -passes=mem2reg by
; tests/explain.rs).
;
; Source (later.c), compiled with clang-19 -O0 -Xclang -disable-O0-optnone
; -fno-discard-value-names -S -emit-llvm (attributes and metadata trimmed):
;   int later(int c, int n) {
;     int x = 0;
;     int *p = &x;
;     for (int i = 0; i < n; i++) {
;       if (c)
;         *p = *p + i;
;     }
;     return x;
;   }
;
; RUN: %pebble explain %s | FileCheck %s
; RUN: %pebble explain --format json %s | FileCheck %s --check-prefix=JSON

; CHECK-LABEL: function @later:
; CHECK: %x — — not promotable: its address is stored (escapes): `store ptr %x, ptr %p, align 8`; promoted in round 2 (general) — — 2 (for.cond, if.end) none{{$}}
; CHECK: %p entry if.then (twice) single store: every load is below the store and becomes %x
; CHECK: phis: pebble-mem2reg inserts 3, LLVM's mem2reg keeps 3

; JSON: "name": "%x",
; JSON-NEXT: "promotable": false,
; JSON: "promoted_in_round": 2,
; JSON-NEXT: "path": "general",
; JSON: "phis": ["for.cond", "if.end"],
; JSON-NEXT: "folded_by_llvm": []
; JSON: "name": "%p",
; JSON-NEXT: "promotable": true,
; JSON: "promoted_in_round": 1,
; JSON-NEXT: "path": "single store",

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local i32 @later(i32 noundef %c, i32 noundef %n) {
entry:
  %c.addr = alloca i32, align 4
  %n.addr = alloca i32, align 4
  %x = alloca i32, align 4
  %p = alloca ptr, align 8
  %i = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %x, align 4
  store ptr %x, ptr %p, align 8
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %c.addr, align 4
  %tobool = icmp ne i32 %2, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %3 = load ptr, ptr %p, align 8
  %4 = load i32, ptr %3, align 4
  %5 = load i32, ptr %i, align 4
  %add = add nsw i32 %4, %5
  %6 = load ptr, ptr %p, align 8
  store i32 %add, ptr %6, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %7 = load i32, ptr %i, align 4
  %inc = add nsw i32 %7, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond
  %8 = load i32, ptr %x, align 4
  ret i32 %8
}
