; `pebble explain` on the cases the swap loop does not show: a phi LLVM's
; folding removes (@same: both branches store 1; @selfcopy: `x = x` in a loop
; folds a chain of two phis), an address that escapes and a volatile access
; (not promotable, with the instruction), a single store of a constant whose
; load it does not dominate (@undef_merge: LLVM's single-store path still
; takes it, because 5 is not poison; pruned SSA would place a phi), a dead
; alloca, an irreducible loop, and a store in an unreachable block. The
; "LLVM's mem2reg keeps" totals are checked against opt -passes=mem2reg by
; tests/explain.rs.
;
; Source (cases.c), compiled with clang-19 -O0 -Xclang -disable-O0-optnone
; -fno-discard-value-names -S -emit-llvm; @unreachable_store is hand-written:
;   void use(int *);
;   int same(int c) { int x; if (c) x = 1; else x = 1; return x; }
;   int escape(int c) { int x = c; use(&x); return x; }
;   int undef_merge(int c) { int x; if (c) x = 5; return x; }
;   int selfcopy(int c, int n) { int x = 0; for (int i = 0; i < n; i++) { if (c) x = x; } return x; }
;   int dead(void) { int unused; return 3; }
;   int vol(void) { volatile int v = 1; return v; }
;   int irreducible(int c, int n) {
;     int x = 0;
;     if (c) goto b;
;   a: x = x + 1;
;   b: x = x * 2;
;     if (x < n) goto a;
;     return x;
;   }
;
; RUN: %pebble explain %s | FileCheck %s

; CHECK-LABEL: function @same:
; CHECK: %x if.then, if.else if.end general if.end {if.end} 1 (if.end) if.end{{$}}
; CHECK: phis: pebble-mem2reg inserts 1, LLVM's mem2reg keeps 0

; CHECK-LABEL: function @escape:
; CHECK: %x — — not promotable: used by an instruction other than a load or store (escapes): `call void @use(ptr noundef %x)`

; CHECK-LABEL: function @undef_merge:
; CHECK: %x if.then if.end single store, the constant 5 is not poison: every load becomes 5 — — 1 (if.end) all (fast path places none)
; CHECK: phis: pebble-mem2reg inserts 1, LLVM's mem2reg keeps 0

; CHECK-LABEL: function @selfcopy:
; CHECK: %x entry, if.then if.then (before its store), for.end general for.cond, for.body, if.then, if.end, for.inc, for.end {for.cond, if.end} 2 (for.cond, if.end) for.cond, if.end{{$}}
; CHECK: phis: pebble-mem2reg inserts 3, LLVM's mem2reg keeps 1

; CHECK-LABEL: function @dead:
; CHECK: %unused — — dead: no load or store, the alloca is erased

; CHECK-LABEL: function @vol:
; CHECK: %v — — not promotable: volatile load: `[[V:%[0-9]+]] = load volatile i32, ptr %v, align 4`

; CHECK-LABEL: function @irreducible:
; CHECK: %x entry, a, b a (before its store), b (1 before its store, 1 after), if.end2 general if.then, if.end, a, b, if.then1, if.end2 {a, b} 2 (a, b) none{{$}}
; CHECK-LABEL: dominator tree:
; CHECK-NEXT: entry
; CHECK-NEXT: if.then
; CHECK-NEXT: if.end
; CHECK-NEXT: a
; CHECK-NEXT: b
; CHECK-NEXT: if.then1
; CHECK-NEXT: if.end2
; CHECK-LABEL: dominance frontiers:
; CHECK: DF(a) = {b}
; CHECK-NEXT: DF(b) = {a}

; CHECK-LABEL: function @unreachable_store:
; CHECK-NEXT: unreachable blocks: dead
; CHECK: %x entry, left, dead (unreachable) join general join {join} 1 (join) none{{$}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @same(i32 noundef %c) #0 {
entry:
  %c.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  %0 = load i32, ptr %c.addr, align 4
  %tobool = icmp ne i32 %0, 0
  br i1 %tobool, label %if.then, label %if.else

if.then:                                          ; preds = %entry
  store i32 1, ptr %x, align 4
  br label %if.end

if.else:                                          ; preds = %entry
  store i32 1, ptr %x, align 4
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  %1 = load i32, ptr %x, align 4
  ret i32 %1
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @escape(i32 noundef %c) #0 {
entry:
  %c.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  %0 = load i32, ptr %c.addr, align 4
  store i32 %0, ptr %x, align 4
  call void @use(ptr noundef %x)
  %1 = load i32, ptr %x, align 4
  ret i32 %1
}

declare void @use(ptr noundef) #1

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @undef_merge(i32 noundef %c) #0 {
entry:
  %c.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  %0 = load i32, ptr %c.addr, align 4
  %tobool = icmp ne i32 %0, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  store i32 5, ptr %x, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %1 = load i32, ptr %x, align 4
  ret i32 %1
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @selfcopy(i32 noundef %c, i32 noundef %n) #0 {
entry:
  %c.addr = alloca i32, align 4
  %n.addr = alloca i32, align 4
  %x = alloca i32, align 4
  %i = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %x, align 4
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
  %3 = load i32, ptr %x, align 4
  store i32 %3, ptr %x, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %4 = load i32, ptr %i, align 4
  %inc = add nsw i32 %4, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !6

for.end:                                          ; preds = %for.cond
  %5 = load i32, ptr %x, align 4
  ret i32 %5
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @dead() #0 {
entry:
  %unused = alloca i32, align 4
  ret i32 3
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @vol() #0 {
entry:
  %v = alloca i32, align 4
  store volatile i32 1, ptr %v, align 4
  %0 = load volatile i32, ptr %v, align 4
  ret i32 %0
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @irreducible(i32 noundef %c, i32 noundef %n) #0 {
entry:
  %c.addr = alloca i32, align 4
  %n.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %x, align 4
  %0 = load i32, ptr %c.addr, align 4
  %tobool = icmp ne i32 %0, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  br label %b

if.end:                                           ; preds = %entry
  br label %a

a:                                                ; preds = %if.then1, %if.end
  %1 = load i32, ptr %x, align 4
  %add = add nsw i32 %1, 1
  store i32 %add, ptr %x, align 4
  br label %b

b:                                                ; preds = %a, %if.then
  %2 = load i32, ptr %x, align 4
  %mul = mul nsw i32 %2, 2
  store i32 %mul, ptr %x, align 4
  %3 = load i32, ptr %x, align 4
  %4 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %3, %4
  br i1 %cmp, label %if.then1, label %if.end2

if.then1:                                         ; preds = %b
  br label %a

if.end2:                                          ; preds = %b
  %5 = load i32, ptr %x, align 4
  ret i32 %5
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}

define i32 @unreachable_store(i1 %c) {
entry:
  %x = alloca i32, align 4
  store i32 1, ptr %x, align 4
  br i1 %c, label %left, label %join

left:
  store i32 2, ptr %x, align 4
  br label %join

dead:
  store i32 3, ptr %x, align 4
  br label %join

join:
  %v = load i32, ptr %x, align 4
  ret i32 %v
}
