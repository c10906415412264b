; After LLVM's undef-order.ll: a phi block with many (16) unreachable
; predecessors. The phi must get exactly one `poison` entry per unreachable
; predecessor, and the order of the entries must be deterministic (LLVM
; once produced them in hash order). Our pass adds entries in predecessor
; order (here: layout order of the branches to %join), so the unreachable
; blocks, interleaved with the reachable %left in the layout, come out in
; exactly that order. The stores in the dead blocks are deleted and play no
; part in placement. LLVM's mem2reg (LLVM prefix) puts the reachable
; entries first, in its renaming order, then the poison entries in layout
; order; both give the same value on every reachable edge.

; RUN: %opt -passes='pebble-mem2reg,verify' -S %s | FileCheck %s '--implicit-check-not=store '
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM

; CHECK-LABEL: define i32 @undef_order(
; CHECK:       join:
; CHECK-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ poison, %dead0 ], [ poison, %dead1 ], [ poison, %dead2 ], [ poison, %dead3 ], [ poison, %dead4 ], [ poison, %dead5 ], [ poison, %dead6 ], [ poison, %dead7 ], [ 1, %left ], [ poison, %dead8 ], [ poison, %dead9 ], [ poison, %dead10 ], [ poison, %dead11 ], [ poison, %dead12 ], [ poison, %dead13 ], [ poison, %dead14 ], [ poison, %dead15 ]
; CHECK-NEXT:    ret i32 %a.0
;
; LLVM-LABEL: define i32 @undef_order(
; LLVM:       join:
; LLVM-NEXT:    %a.0 = phi i32 [ 1, %left ], [ 0, %entry ], [ poison, %dead0 ], [ poison, %dead1 ], [ poison, %dead2 ], [ poison, %dead3 ], [ poison, %dead4 ], [ poison, %dead5 ], [ poison, %dead6 ], [ poison, %dead7 ], [ poison, %dead8 ], [ poison, %dead9 ], [ poison, %dead10 ], [ poison, %dead11 ], [ poison, %dead12 ], [ poison, %dead13 ], [ poison, %dead14 ], [ poison, %dead15 ]
; LLVM-NEXT:    ret i32 %a.0

define i32 @undef_order(i1 %c) {
entry:
  %a = alloca i32
  store i32 0, ptr %a
  br i1 %c, label %left, label %join

dead0:
  store i32 100, ptr %a
  br label %join

dead1:
  store i32 101, ptr %a
  br label %join

dead2:
  store i32 102, ptr %a
  br label %join

dead3:
  store i32 103, ptr %a
  br label %join

dead4:
  store i32 104, ptr %a
  br label %join

dead5:
  store i32 105, ptr %a
  br label %join

dead6:
  store i32 106, ptr %a
  br label %join

dead7:
  store i32 107, ptr %a
  br label %join

left:
  store i32 1, ptr %a
  br label %join

dead8:
  store i32 108, ptr %a
  br label %join

dead9:
  store i32 109, ptr %a
  br label %join

dead10:
  store i32 110, ptr %a
  br label %join

dead11:
  store i32 111, ptr %a
  br label %join

dead12:
  store i32 112, ptr %a
  br label %join

dead13:
  store i32 113, ptr %a
  br label %join

dead14:
  store i32 114, ptr %a
  br label %join

dead15:
  store i32 115, ptr %a
  br label %join

join:
  %v = load i32, ptr %a
  ret i32 %v
}
