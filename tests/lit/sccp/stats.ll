; RUN: %opt -passes='pebble-sccp<stats>' -disable-output %s 2>&1 | FileCheck %s
;
; `<stats>` prints one line per defined function (declarations have none):
; instructions replaced by constants, conditional branches/switches made
; unconditional, blocks removed, nuw/nsw/nneg flags added from ranges,
; signed instructions replaced by unsigned ones, uses replaced by the
; constant a branch proves (`branch-predicates.ll`), masks replaced by
; their operand (`masks.ll`), `range`/`nonnull` attributes added to the
; function's return (`return-attributes.ll`).

; CHECK: pebble-sccp: @seed: 5 constants, 1 branches folded, 1 blocks removed, 0 flags added, 0 made unsigned, 0 uses replaced, 0 masks removed, 0 return attributes{{$}}
; CHECK-NEXT: pebble-sccp: @nothing: 0 constants, 0 branches folded, 0 blocks removed, 0 flags added, 0 made unsigned, 0 uses replaced, 0 masks removed, 0 return attributes{{$}}
; CHECK-NOT: pebble-sccp: @ext

declare i32 @ext(i32)

define i32 @seed() {
bb1:
  %add = add i32 1, 2
  %mul = mul i32 %add, 10
  %sub = sub i32 %mul, 100
  %cmp = icmp slt i32 %sub, 100
  br i1 %cmp, label %bb3, label %bb4

bb3:
  br label %bb2

bb4:
  br label %bb2

bb2:
  %x = phi i32 [ 200, %bb4 ], [ 100, %bb3 ]
  ret i32 %x
}

define i32 @nothing(i32 %a) {
  %r = call i32 @ext(i32 %a)
  ret i32 %r
}
