; An alloca whose address travels through a pointer variable that a loop
; reassigns to itself (`int a = 1; int *p = &a; for (...) { if (i & 1) p = p;
; *p += i; } return *p;`, csmith11's func_106 in small). Promoting %p gives
; it phis `%p.0 = phi [%a, %entry], [%p.1, ...]` and `%p.1 = phi [%p.0, ...],
; [%p.0, ...]`: a cycle that only ever carries %a. Left unsimplified those
; phis are uses of %a's address and keep %a in memory; LLVM's sroa promotes
; with PromoteMemToReg, which folds them to %a, so the loads through %p
; become direct loads of %a and %a is promoted on the next round.
; pebble-sroa promotes in compat mode for this reason; pebble-mem2reg's
; default mode folds such address-carrying phis too (fold_address_phis), so
; it also promotes %a (third RUN line).
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: %opt -passes='pebble-mem2reg' -S %s | FileCheck %s --check-prefix=DEFAULT
; RUN: opt -passes=sroa -S %s | FileCheck %s

; CHECK-LABEL: define i32 @f(
; CHECK-NOT:     alloca
; CHECK:       for.cond:
; CHECK-NEXT:    %a.0 = phi i32 [ 1, %entry ], [ %add, %for.inc ]
; CHECK-NEXT:    %i.0 = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
; CHECK:       if.end:
; CHECK-NEXT:    %add = add nsw i32 %a.0, %i.0
; CHECK:       for.end:
; CHECK-NEXT:    ret i32 %a.0

; The stats count the phis the output has: the two address phis are folded.
; STATS: pebble-sroa: @f: split 0 allocas into 0 slices, promoted 4 allocas, inserted 2 phis, speculated 0 loads, poisoned 0 dead uses

; DEFAULT-LABEL: define i32 @f(
; DEFAULT-NOT:     alloca
; DEFAULT-NOT:     phi ptr
; DEFAULT:         ret i32

define i32 @f(i32 noundef %n) {
entry:
  %n.addr = alloca i32, align 4
  %a = alloca i32, align 4
  %p = alloca ptr, align 8
  %i = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 1, ptr %a, align 4
  store ptr %a, ptr %p, align 8
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  %2 = load i32, ptr %i, align 4
  %and = and i32 %2, 1
  %tobool = icmp ne i32 %and, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %3 = load ptr, ptr %p, align 8
  store ptr %3, ptr %p, align 8
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %4 = load i32, ptr %i, align 4
  %5 = load ptr, ptr %p, align 8
  %6 = load i32, ptr %5, align 4
  %add = add nsw i32 %6, %4
  store i32 %add, ptr %5, align 4
  br label %for.inc

for.inc:                                          ; preds = %if.end
  %7 = load i32, ptr %i, align 4
  %inc = add nsw i32 %7, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:                                          ; preds = %for.cond
  %8 = load ptr, ptr %p, align 8
  %9 = load i32, ptr %8, align 4
  ret i32 %9
}
