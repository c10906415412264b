; RUN: %opt -passes=pebble-sccp -S %s | FileCheck %s
; RUN: %opt -passes=sccp -S %s | FileCheck %s
;
; A phi's range may grow one time more than it has executable incoming
; edges before it is made overdefined (widening, as LLVM's `visitPHINode`).
; Both passes fold everything here; what is checked is that Pebble counts
; and visits as LLVM does, so that its widening stops where LLVM's does:
; * every edge a terminator selects is executable at once (LLVM's
;   `markEdgeExecutable`), so a phi fed by several of a switch's edges
;   counts them all from its first visit;
; * the blocks those edges make executable are all visited before the
;   users of changed values (LLVM's `BBWorkList` taken in one go), so a
;   phi whose entries several of them change grows once, not once each.

; %b sees %a grow twice (to [0, 2) then [0, 138)): with its two entries it
; may grow three times. When the switch's edges became executable one at a
; time, it counted one entry at its first growths and went overdefined.
define i1 @switch_edges_count_at_once(i32 %x) {
; CHECK-LABEL: define {{.*}}i1 @switch_edges_count_at_once(
; CHECK:         ret i1 true
entry:
  switch i32 %x, label %join [
    i32 7, label %big
    i32 1, label %mid
    i32 0, label %one
  ]
one:
  br label %mid
big:
  br label %mid
mid:
  %a = phi i32 [ 137, %big ], [ 1, %one ], [ 0, %entry ]
  br label %join
join:
  %b = phi i32 [ %a, %mid ], [ 0, %entry ]
  %nonnegative = icmp sge i32 %b, 0
  ret i1 %nonnegative
}

; %a gets 1 (from %one) and 137 (from %big) before %b reads it again: one
; growth of %b, as in LLVM, where visiting %a's new range after each block
; grew %b twice and made it overdefined.
define i1 @blocks_before_users(i32 %x) {
; CHECK-LABEL: define {{.*}}i1 @blocks_before_users(
; CHECK:         ret i1 true
entry:
  br label %dispatch
dispatch:
  switch i32 %x, label %big [
    i32 -2145517568, label %big
    i32 -2144993280, label %one
    i32 1, label %mid
    i32 0, label %join
  ]
one:
  br label %mid
big:
  br label %mid
mid:
  %a = phi i32 [ 137, %big ], [ 1, %one ], [ 0, %dispatch ]
  br label %join
join:
  %b = phi i32 [ %a, %mid ], [ 0, %dispatch ]
  %nonnegative = icmp sge i32 %b, 0
  ret i1 %nonnegative
}
