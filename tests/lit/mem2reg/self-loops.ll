; Self-loops: a block that is its own predecessor. Both slots of
; @self_loop_counter are read at the top of the loop and written later in
; it, so each gets one phi whose back-edge entry is the value stored in the
; same block. In @self_loop_no_store the loop only reads the slot: no phi
; is live (DF+ of the entry's store is empty), the load takes the entry's
; value. The unreachable self-loop of LLVM's pr37632 is in
; unreachable-blocks.ll. LLVM's mem2reg gives the same phis (in another
; order: LLVM prefix).

; RUN: %opt -passes='pebble-mem2reg,verify' -S %s | FileCheck %s '--implicit-check-not== alloca'
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM

; CHECK-LABEL: define i32 @self_loop_counter(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %i.0 = phi i32 [ 0, %entry ], [ %i2, %loop ]
; CHECK-NEXT:    %sum.0 = phi i32 [ 0, %entry ], [ %s2, %loop ]
; CHECK-NEXT:    %s2 = add i32 %sum.0, %i.0
; CHECK-NEXT:    %i2 = add i32 %i.0, 1
; CHECK-NEXT:    %c = icmp slt i32 %i2, %n
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %s2
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @self_loop_counter(
; LLVM:       entry:
; LLVM-NEXT:    br label %loop
; LLVM:       loop:
; LLVM-NEXT:    %sum.0 = phi i32 [ 0, %entry ], [ %s2, %loop ]
; LLVM-NEXT:    %i.0 = phi i32 [ 0, %entry ], [ %i2, %loop ]
; LLVM-NEXT:    %s2 = add i32 %sum.0, %i.0
; LLVM-NEXT:    %i2 = add i32 %i.0, 1
; LLVM-NEXT:    %c = icmp slt i32 %i2, %n
; LLVM-NEXT:    br i1 %c, label %loop, label %exit
; LLVM:       exit:
; LLVM-NEXT:    ret i32 %s2
; LLVM-NEXT:  }
define i32 @self_loop_counter(i32 %n) {
entry:
  %i = alloca i32
  %sum = alloca i32
  store i32 0, ptr %i
  store i32 0, ptr %sum
  br label %loop

loop:
  %iv = load i32, ptr %i
  %sv = load i32, ptr %sum
  %s2 = add i32 %sv, %iv
  store i32 %s2, ptr %sum
  %i2 = add i32 %iv, 1
  store i32 %i2, ptr %i
  %c = icmp slt i32 %i2, %n
  br i1 %c, label %loop, label %exit

exit:
  %r = load i32, ptr %sum
  ret i32 %r
}

; CHECK-LABEL: define i32 @self_loop_no_store(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 3
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @self_loop_no_store(
; LLVM:       entry:
; LLVM-NEXT:    br label %loop
; LLVM:       loop:
; LLVM-NEXT:    br i1 %c, label %loop, label %exit
; LLVM:       exit:
; LLVM-NEXT:    ret i32 3
; LLVM-NEXT:  }
define i32 @self_loop_no_store(i1 %c) {
entry:
  %a = alloca i32
  store i32 3, ptr %a
  br label %loop

loop:
  %v = load i32, ptr %a
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %v
}
