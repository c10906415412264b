; The seed's §3 table "mem2reg on the swap loop" (../shared/seeds/001_*.txt),
; reproduced by `pebble explain` on swap.c, the fib loop:
;
;   int fib(int n) {
;     int a = 0, b = 1;
;     for (int i = 0; i < n; i++) { int t = a; a = b; b = t + b; }
;     return a;
;   }
;
; compiled with clang-19 -O0 -Xclang -disable-O0-optnone -fno-discard-value-names
; -S -emit-llvm. %n.addr takes LLVM's single-store path (%n is noundef); %a, %b
; and %i take the general path with one phi each at for.cond (DF⁺(D) =
; {for.cond}, the only live block of it); %t has one store and its load below
; it in for.body. The seed calls %t's path "single block"; LLVM 19 tries the
; single-store path first (PromoteMem2Reg::run) and it succeeds, so the table
; says "single store" and notes that all accesses are in one block. Live-in
; sets are listed in layout order (the seed lists them in walk order).
;
; FileCheck runs with --strict-whitespace so that the dominator tree's
; indentation is checked; columns are separated by{{ +}}.
;
; RUN: %pebble explain %s | FileCheck --strict-whitespace %s

; CHECK-LABEL: function @fib: blocks entry, for.cond, for.body, for.inc, for.end
; CHECK: alloca{{ +}}stores (D){{ +}}loads{{ +}}path LLVM takes{{ +}}live-in blocks{{ +}}DF⁺(D){{ +}}phis{{ +}}LLVM folds
; CHECK-NEXT: ---
; CHECK-NEXT: %n.addr{{ +}}entry{{ +}}for.cond{{ +}}single store, the argument %n is noundef: every load becomes %n{{ +}}—{{ +}}—{{ +}}0{{ +}}—{{$}}
; CHECK-NEXT: %a{{ +}}entry, for.body{{ +}}for.body (before its store), for.end{{ +}}general{{ +}}for.cond, for.body, for.inc, for.end{{ +}}{for.cond}{{ +}}1 (for.cond){{ +}}none{{$}}
; CHECK-NEXT: %b{{ +}}entry, for.body{{ +}}for.body (before its store, twice){{ +}}general{{ +}}for.cond, for.body, for.inc{{ +}}{for.cond}{{ +}}1 (for.cond){{ +}}none{{$}}
; CHECK-NEXT: %i{{ +}}entry, for.inc{{ +}}for.cond, for.inc (before its store){{ +}}general{{ +}}for.cond, for.body, for.inc{{ +}}{for.cond}{{ +}}1 (for.cond){{ +}}none{{$}}
; CHECK-NEXT: %t{{ +}}for.body{{ +}}for.body (after its store){{ +}}single store: every load is below the store and becomes [[ADD_LHS:%[0-9]+]] (one block too: single store is tried first){{ +}}—{{ +}}—{{ +}}0{{ +}}—{{$}}
; CHECK: phis: pebble-mem2reg inserts 3, LLVM's mem2reg keeps 3
; CHECK-LABEL: dominator tree:
; CHECK-NEXT: {{^}}  entry
; CHECK-NEXT: {{^}}    for.cond
; CHECK-NEXT: {{^}}      for.body
; CHECK-NEXT: {{^}}        for.inc
; CHECK-NEXT: {{^}}      for.end
; CHECK-LABEL: dominance frontiers:
; CHECK-NEXT: DF(entry) = ∅
; CHECK-NEXT: DF(for.cond) = {for.cond}
; CHECK-NEXT: DF(for.body) = {for.cond}
; CHECK-NEXT: DF(for.inc) = {for.cond}
; CHECK-NEXT: DF(for.end) = ∅

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @fib(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %i = alloca i32, align 4
  %t = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %a, align 4
  store i32 1, ptr %b, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %a, align 4
  store i32 %2, ptr %t, align 4
  %3 = load i32, ptr %b, align 4
  store i32 %3, ptr %a, align 4
  %4 = load i32, ptr %t, align 4
  %5 = load i32, ptr %b, align 4
  %add = add nsw i32 %4, %5
  store i32 %add, ptr %b, align 4
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %6 = load i32, ptr %i, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond, !llvm.loop !6

for.end:                                          ; preds = %for.cond
  %7 = load i32, ptr %a, align 4
  ret i32 %7
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
