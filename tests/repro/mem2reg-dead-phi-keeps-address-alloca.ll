; Pebble/LLVM divergence found by scripts/difftest (csmith seed 31, @func_10):
; the slot %slot holds the address of %target and is copied onto itself in a
; loop (C: `int16_t **l_84 = &l_85; ... *(&l_84) = l_84;`).
;
; Round 1 promotes %slot (%target is not promotable yet: its address is
; stored). %slot is live-in at %loop, so pruned SSA places
;   %slot.phi = phi ptr [ %target, %entry ], [ %slot.phi, %loop ]
; whose only user is itself. LLVM 19 simplifies that phi to %target (all
; incoming values are %target or the phi) and deletes it; %target is then
; only stored to, and round 2 promotes it: no alloca is left.
; pebble-mem2reg keeps the dead phi, so %target stays used by it and is
; never promoted: one alloca is left (after instsimplify too: instsimplify
; folds the phi away but does not promote).
;
; Not a miscompile: the output verifies and behaves the same. It is a missed
; promotion against LLVM (difftest's alloca-count check).
;
; /usr/lib/llvm-19/bin/opt -passes=mem2reg -S this.ll               -> no alloca
; opt -load-pass-plugin=libpebble.so -passes='pebble-mem2reg<stats>' -S this.ll
;                                                                   -> %target stays

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
