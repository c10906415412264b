; pebble-mem2reg<updater> plans the phis of every alloca of a round before
; it builds any (`ssa_updater::deferred`), then replaces the loads. Here
; values cross between allocas of one round: %x's stores store loads of
; %y, and the loop header needs a phi of each of three allocas of two
; types (one built, the other of its type copied from it). The output is
; what the default mode places, phi for phi (entries in another order).

; RUN: %opt -passes='pebble-mem2reg<updater>' -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg' -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<updater;stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS
; RUN: env MALLOC_PERTURB_=165 %opt -passes='pebble-mem2reg<updater>,verify' -disable-output %s

; STATS: pebble-mem2reg: @crossing: promoted 3 allocas, inserted 3 phis

; CHECK-LABEL: define i64 @crossing(
; CHECK-NOT:     alloca
; CHECK:       loop:
; CHECK-DAG:     [[X:%x[.0-9]*]] = phi i32 {{.*}}[ [[Y:%y[.0-9]*]], %loop ]
; CHECK-DAG:     [[Y]] = phi i32 {{.*}}[ [[NEXT:%next]], %loop ]
; CHECK-DAG:     [[W:%w[.0-9]*]] = phi i64 {{.*}}[ [[WIDE:%wide]], %loop ]
; CHECK:         [[NEXT]] = add i32 [[Y]], [[X]]
; CHECK:         [[WIDE]] = zext i32 [[Y]] to i64
; CHECK:       exit:
; CHECK-NEXT:    ret i64 [[W]]
define i64 @crossing(i32 %n) {
entry:
  %x = alloca i32
  %y = alloca i32
  %w = alloca i64
  store i32 0, ptr %x
  store i32 7, ptr %y
  store i64 0, ptr %w
  br label %loop
loop:
  %yv = load i32, ptr %y
  %xv = load i32, ptr %x
  %next = add i32 %yv, %xv
  %wide = zext i32 %yv to i64
  %wv = load i64, ptr %w
  store i32 %yv, ptr %x
  store i32 %next, ptr %y
  store i64 %wide, ptr %w
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %wv
}
