; pebble-mem2reg<updater>: promotion through the SSA updater (LLVM's
; LoadAndStorePromoter approach) instead of Cytron's placement and
; renaming. On the seed's swap loop it places the same three phis as the
; default mode, at the loop header; %t (stored then loaded in one block)
; and %n.addr (one store in the entry) need none.

; RUN: %opt -passes='pebble-mem2reg<updater>' -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<updater;stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS

; STATS: pebble-mem2reg: @fib: promoted 5 allocas, inserted 3 phis

; CHECK-LABEL: define i32 @fib(
; CHECK-NOT:     alloca
; CHECK:       for.cond:
; CHECK-DAG:     [[A:%a[.0-9]*]] = phi i32 [ [[B:%b[.0-9]*]], %for.inc ], [ 0, %entry ]
; CHECK-DAG:     [[B]] = phi i32 [ [[SUM:%add]], %for.inc ], [ 1, %entry ]
; CHECK-DAG:     [[I:%i[.0-9]*]] = phi i32 [ [[INC:%inc]], %for.inc ], [ 0, %entry ]
; CHECK:         %cmp = icmp slt i32 [[I]], %n
; CHECK:       for.body:
; CHECK-NEXT:    [[SUM]] = add nsw i32 [[A]], [[B]]
; CHECK-NEXT:    br label %for.inc
; CHECK:       for.inc:
; CHECK-NEXT:    [[INC]] = add nsw i32 [[I]], 1
; CHECK:       for.end:
; CHECK-NEXT:    ret i32 [[A]]
define i32 @fib(i32 %n) {
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

for.cond:
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %2 = load i32, ptr %a, align 4
  store i32 %2, ptr %t, align 4
  %3 = load i32, ptr %b, align 4
  store i32 %3, ptr %a, align 4
  %4 = load i32, ptr %t, align 4
  %5 = load i32, ptr %b, align 4
  %add = add nsw i32 %4, %5
  store i32 %add, ptr %b, align 4
  br label %for.inc

for.inc:
  %6 = load i32, ptr %i, align 4
  %inc = add nsw i32 %6, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:
  %7 = load i32, ptr %a, align 4
  ret i32 %7
}
