; Two properties of the SSA updater seen through pebble-mem2reg<updater>.
;
; @equal_merges: %x and %y receive the same values on both arms, so the
; merge %y needs at the join has the operands of the phi already made for
; %x. LLVM's SSAUpdater would reuse that phi (FindExistingPHI); in
; pebble-mem2reg<updater> each alloca reuses only its own phis (matching
; every phi of the other allocas made the mode quadratic on irreducible
; CFGs), so it makes two phis, as the default mode, which places per alloca.
;
; @dead_predecessor: the join also has an unreachable predecessor (a block
; nothing branches to, as clang emits after a `return`). Unreachable code
; contributes no definition, so the join needs no phi — as in the default
; mode, which places phis on the reachable CFG. A load in the dead block
; reads poison.

; RUN: %opt -passes='pebble-mem2reg<updater>' -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<updater;stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=UPDATER
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=DEFAULT

; UPDATER: @equal_merges: promoted 2 allocas, inserted 2 phis
; UPDATER: @dead_predecessor: promoted 1 allocas, inserted 0 phis
; DEFAULT: @equal_merges: promoted 2 allocas, inserted 2 phis
; DEFAULT: @dead_predecessor: promoted 1 allocas, inserted 0 phis

; CHECK-LABEL: define i32 @equal_merges(
; CHECK:       join:
; CHECK-NEXT:    [[Y:%y[.0-9]*]] = phi i32 [ %v, %then ], [ 0, %entry ]
; CHECK-NEXT:    [[X:%x[.0-9]*]] = phi i32 [ %v, %then ], [ 0, %entry ]
; CHECK-NEXT:    %sum = add i32 [[X]], [[Y]]
define i32 @equal_merges(i1 %c, i32 %v) {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 0, ptr %x
  store i32 0, ptr %y
  br i1 %c, label %then, label %join
then:
  store i32 %v, ptr %x
  store i32 %v, ptr %y
  br label %join
join:
  %lx = load i32, ptr %x
  %ly = load i32, ptr %y
  %sum = add i32 %lx, %ly
  ret i32 %sum
}

; CHECK-LABEL: define i32 @dead_predecessor(
; CHECK:       dead:
; CHECK-NEXT:    %unused = add i32 poison, 1
; CHECK:       join:
; CHECK-NOT:     phi
; CHECK-NEXT:    ret i32 %v
define i32 @dead_predecessor(i32 %v) {
entry:
  %x = alloca i32
  store i32 %v, ptr %x
  br label %join
dead:
  %d = load i32, ptr %x
  %unused = add i32 %d, 1
  store i32 7, ptr %x
  br label %join
join:
  %l = load i32, ptr %x
  ret i32 %l
}
