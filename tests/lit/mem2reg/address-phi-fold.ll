; Regression (found by scripts/difftest on csmith seed 31, @func_10): the
; slot %slot holds the address of %target and is copied onto itself in a
; loop (C: `int16_t **l_84 = &l_85; ... *(&l_84) = l_84;`).
;
; Round 1 promotes %slot (%target is not promotable yet: its address is
; stored). %slot is live-in at %loop, so pruned SSA places
;   %slot.0 = phi ptr [ %target, %entry ], [ %slot.0, %loop ]
; whose only user is itself. LLVM 19 folds that phi to %target, and round 2
; promotes %target. The default mode keeps pruned phis unfolded, except a
; phi that carries an entry alloca's address and simplifies away: it is
; folded so that %target is promoted too, as in LLVM. The stats line counts
; the phis the output has and says how many were folded (issue 15).

; RUN: %opt -passes='pebble-mem2reg<stats>' -S %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: opt -passes=mem2reg -S %s | FileCheck %s

; pebble-mem2reg<updater> (issue 20) left %target here: its phi
;   %slot1 = phi ptr [ %slot1, %loop ], [ %target, %entry ]
; kept the address. It folds its new phis with the default mode's
; address-phi fold after each round, with the same result and stats line.
; RUN: %opt -passes='pebble-mem2reg<updater;stats>' -S %s 2>%t.upd.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.upd.err

; STATS: pebble-mem2reg: @address_through_self_copy: promoted 2 allocas, inserted 0 phis (1 folded){{$}}

; CHECK-LABEL: define void @address_through_self_copy(
; CHECK-NOT:   alloca
; CHECK-NOT:   phi
; CHECK:       ret void
define void @address_through_self_copy(i1 %c) {
entry:
  %target = alloca i32, align 4
  %slot = alloca ptr, align 8
  store i32 0, ptr %target, align 4
  store ptr %target, ptr %slot, align 8
  br label %loop

loop:
  %v = load ptr, ptr %slot, align 8
  store ptr %v, ptr %slot, align 8
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; The same through two phis (csmith seed 94, @func_2): the outer loop's phi
; takes %target and the inner loop's phi, which takes the outer one and
; itself. Neither simplifies alone; folding the inner one first makes the
; outer one trivial, and %target is promoted.
; STATS: pebble-mem2reg: @address_through_two_phis: promoted 2 allocas, inserted 0 phis (2 folded){{$}}
; CHECK-LABEL: define void @address_through_two_phis(
; CHECK-NOT:   alloca
; CHECK-NOT:   phi
; CHECK:       ret void
define void @address_through_two_phis(i1 %c, i1 %d) {
entry:
  %target = alloca i32, align 4
  %slot = alloca ptr, align 8
  store i32 0, ptr %target, align 4
  store ptr %target, ptr %slot, align 8
  br label %outer

outer:
  br label %inner

inner:
  %v = load ptr, ptr %slot, align 8
  store ptr %v, ptr %slot, align 8
  br i1 %c, label %inner, label %latch

latch:
  br i1 %d, label %outer, label %exit

exit:
  ret void
}
