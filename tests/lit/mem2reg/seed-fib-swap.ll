; The swap loop of the mem2reg seed (001, "Five allocas become three phis"):
;
;   int fib(int n) {
;     int a = 0, b = 1;
;     for (int i = 0; i < n; i++) { int t = a; a = b; b = t + b; }
;     return a;
;   }
;
; compiled with `clang-19 -O0 -Xclang -disable-O0-optnone
; -fno-discard-value-names -S -emit-llvm`. All five allocas are promoted.
; %n.addr and %t need no phi (single store; %t is read only after its store
; in for.body); %a, %b and %i each get exactly one phi, at for.cond, the
; only block of their DF+ where they are live. %a's phi takes %b's phi from
; the latch (the swap a, b = b, a + b: transformed SSA), and the copy
; through %t disappears: %add adds the two phis directly.
; Our phis come in alloca order (%a, %b, %i); LLVM's mem2reg prints %b.0
; first, with the same operands.

; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM

; STATS: pebble-mem2reg: @fib: promoted 5 allocas, inserted 3 phis
; STATS-NOT: pebble-mem2reg

; CHECK-LABEL: define dso_local i32 @fib(
; CHECK-NOT:     alloca
; CHECK:       entry:
; CHECK-NEXT:    br label %for.cond
; CHECK:       for.cond:
; CHECK-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ %b.0, %for.inc ]
; CHECK-NEXT:    %b.0 = phi i32 [ 1, %entry ], [ %add, %for.inc ]
; CHECK-NEXT:    %i.0 = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
; CHECK-NEXT:    %cmp = icmp slt i32 %i.0, %n
; CHECK-NEXT:    br i1 %cmp, label %for.body, label %for.end
; CHECK:       for.body:
; CHECK-NEXT:    %add = add nsw i32 %a.0, %b.0
; CHECK-NEXT:    br label %for.inc
; CHECK:       for.inc:
; CHECK-NEXT:    %inc = add nsw i32 %i.0, 1
; CHECK-NEXT:    br label %for.cond, !llvm.loop
; CHECK:       for.end:
; CHECK-NEXT:    ret i32 %a.0
; CHECK-NEXT:  }

; LLVM-LABEL: define dso_local i32 @fib(
; LLVM:       for.cond:
; LLVM-NEXT:    %b.0 = phi i32 [ 1, %entry ], [ %add, %for.inc ]
; LLVM-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ %b.0, %for.inc ]
; LLVM-NEXT:    %i.0 = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
; LLVM:       for.body:
; LLVM-NEXT:    %add = add nsw i32 %a.0, %b.0

source_filename = "swap.c"
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

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
