; A phi whose block has 16 unreachable predecessors (and a reachable one in
; the middle of the layout that is itself unreachable code's neighbour): the
; reachable entries come in renaming order, then one `poison` per
; unreachable predecessor in block layout order, added after folding
; (LLVM's test undef-order.ll).
;
; Both RUN lines share the CHECK lines, which are LLVM 19's own output
; (regenerate with scripts/update-compat-checks): Pebble's compat mode must
; print exactly what `opt -passes=mem2reg` prints.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}}@undef_order(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  br i1 %c, label %t, label %join
; CHECK-EMPTY:
; CHECK-NEXT:  t:
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead0:
; CHECK-NEXT:  store i32 100, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead1:
; CHECK-NEXT:  store i32 101, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead2:
; CHECK-NEXT:  store i32 102, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead3:
; CHECK-NEXT:  store i32 103, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead4:
; CHECK-NEXT:  store i32 104, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead5:
; CHECK-NEXT:  store i32 105, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead6:
; CHECK-NEXT:  store i32 106, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead7:
; CHECK-NEXT:  store i32 107, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  mid:
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead8:
; CHECK-NEXT:  store i32 108, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead9:
; CHECK-NEXT:  store i32 109, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead10:
; CHECK-NEXT:  store i32 110, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead11:
; CHECK-NEXT:  store i32 111, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead12:
; CHECK-NEXT:  store i32 112, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead13:
; CHECK-NEXT:  store i32 113, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead14:
; CHECK-NEXT:  store i32 114, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  dead15:
; CHECK-NEXT:  store i32 115, ptr poison, align 4
; CHECK-NEXT:  br label %join
; CHECK-EMPTY:
; CHECK-NEXT:  join:
; CHECK-NEXT:  %x.0 = phi i32 [ 1, %t ], [ 0, %entry ], [ poison, %dead0 ], [ poison, %dead1 ], [ poison, %dead2 ], [ poison, %dead3 ], [ poison, %dead4 ], [ poison, %dead5 ], [ poison, %dead6 ], [ poison, %dead7 ], [ poison, %mid ], [ poison, %dead8 ], [ poison, %dead9 ], [ poison, %dead10 ], [ poison, %dead11 ], [ poison, %dead12 ], [ poison, %dead13 ], [ poison, %dead14 ], [ poison, %dead15 ]
; CHECK-NEXT:  ret i32 %x.0
; CHECK-NEXT:  }
define i32 @undef_order(i1 %c) {
entry:
  %x = alloca i32
  store i32 0, ptr %x
  br i1 %c, label %t, label %join
t:
  store i32 1, ptr %x
  br label %join
dead0:
  store i32 100, ptr %x
  br label %join
dead1:
  store i32 101, ptr %x
  br label %join
dead2:
  store i32 102, ptr %x
  br label %join
dead3:
  store i32 103, ptr %x
  br label %join
dead4:
  store i32 104, ptr %x
  br label %join
dead5:
  store i32 105, ptr %x
  br label %join
dead6:
  store i32 106, ptr %x
  br label %join
dead7:
  store i32 107, ptr %x
  br label %join
mid:
  br label %join
dead8:
  store i32 108, ptr %x
  br label %join
dead9:
  store i32 109, ptr %x
  br label %join
dead10:
  store i32 110, ptr %x
  br label %join
dead11:
  store i32 111, ptr %x
  br label %join
dead12:
  store i32 112, ptr %x
  br label %join
dead13:
  store i32 113, ptr %x
  br label %join
dead14:
  store i32 114, ptr %x
  br label %join
dead15:
  store i32 115, ptr %x
  br label %join
join:
  %v = load i32, ptr %x
  ret i32 %v
}
