; Loads that no store reaches. A load before any store in straight-line
; code reads `undef` (uninitialized memory), and so does a load of a slot
; that is never stored. In a loop, a load before the store reads undef on
; the entry edge and the stored value on the back edge: the pruned phi is
; [undef, %entry], [value, latch]. After LLVM's pr24179.ll: all accesses in
; one block that is its own loop (load, then store) still need that phi.
;
; LLVM's mem2reg (LLVM prefix) differs where its fast paths and phi folding
; apply: a single store of a constant is forwarded to every load, even one
; before the store (undef may be refined to 1), and phi [undef, %entry],
; [1, %loop] folds to 1. Our pass keeps exactly the pruned SSA form.

; RUN: %opt -passes='pebble-mem2reg,verify' -S %s | FileCheck %s '--implicit-check-not== alloca'
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes='pebble-mem2reg,instsimplify' -S %s | FileCheck %s --check-prefix=SIMPLIFIED
; RUN: opt -passes='mem2reg,instsimplify' -S %s | FileCheck %s --check-prefix=LLVM-SIMPLIFIED

; STATS:      @load_before_any_store_straight_line: promoted 1 allocas, inserted 0 phis
; STATS-NEXT: @never_stored: promoted 1 allocas, inserted 0 phis
; STATS-NEXT: @load_before_store_in_loop: promoted 1 allocas, inserted 1 phis
; STATS-NEXT: @pr24179_single_block_loop: promoted 1 allocas, inserted 1 phis
; STATS-NEXT: @uninit_read_feeds_a_phi: promoted 2 allocas, inserted 1 phis

; CHECK-LABEL: define i32 @load_before_any_store_straight_line(
; CHECK:       entry:
; CHECK-NEXT:    [[S:%.*]] = add i32 undef, 1
; CHECK-NEXT:    ret i32 [[S]]
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @load_before_any_store_straight_line(
; LLVM:       entry:
; LLVM-NEXT:    %s = add i32 1, 1
; LLVM-NEXT:    ret i32 %s
; LLVM-NEXT:  }
define i32 @load_before_any_store_straight_line() {
entry:
  %a = alloca i32
  %v = load i32, ptr %a
  store i32 1, ptr %a
  %w = load i32, ptr %a
  %s = add i32 %v, %w
  ret i32 %s
}

; CHECK-LABEL: define i32 @never_stored(
; CHECK:       entry:
; CHECK-NEXT:    ret i32 undef
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @never_stored(
; LLVM:       entry:
; LLVM-NEXT:    ret i32 undef
; LLVM-NEXT:  }
define i32 @never_stored() {
entry:
  %a = alloca i32
  %v = load i32, ptr %a
  ret i32 %v
}

; CHECK-LABEL: define i32 @load_before_store_in_loop(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %a.0 = phi i32 [ undef, %entry ], [ %x, %loop ]
; CHECK-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT:    %x = add i32 %a.0, %i
; CHECK-NEXT:    %i.next = add i32 %i, 1
; CHECK-NEXT:    %c = icmp slt i32 %i.next, %n
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %x
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @load_before_store_in_loop(
; LLVM:       entry:
; LLVM-NEXT:    br label %loop
; LLVM:       loop:
; LLVM-NEXT:    %a.0 = phi i32 [ undef, %entry ], [ %x, %loop ]
; LLVM-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; LLVM-NEXT:    %x = add i32 %a.0, %i
; LLVM-NEXT:    %i.next = add i32 %i, 1
; LLVM-NEXT:    %c = icmp slt i32 %i.next, %n
; LLVM-NEXT:    br i1 %c, label %loop, label %exit
; LLVM:       exit:
; LLVM-NEXT:    ret i32 %x
; LLVM-NEXT:  }
define i32 @load_before_store_in_loop(i32 %n) {
entry:
  %a = alloca i32
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr %a
  %x = add i32 %v, %i
  store i32 %x, ptr %a
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %x
}

; CHECK-LABEL: define i32 @pr24179_single_block_loop(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %a.0 = phi i32 [ undef, %entry ], [ 1, %loop ]
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %a.0
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @pr24179_single_block_loop(
; LLVM:       entry:
; LLVM-NEXT:    br label %loop
; LLVM:       loop:
; LLVM-NEXT:    br i1 %c, label %loop, label %exit
; LLVM:       exit:
; LLVM-NEXT:    ret i32 1
; LLVM-NEXT:  }
define i32 @pr24179_single_block_loop(i1 %c) {
entry:
  %a = alloca i32
  br label %loop

loop:
  %v = load i32, ptr %a
  store i32 1, ptr %a
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %v
}


; An uninitialised read whose value reaches a phi. LLVM forwards the only
; stored constant to the read (undef refined to 7), so its phi [7], [0]
; stays; ours reads undef, and instsimplify folds [undef], [0] to 0: after
; instsimplify our output has one phi fewer than LLVM's. Found by
; scripts/difftest on llvm-stress seed 3049, where it lists it as an
; expected difference.
; CHECK-LABEL: define i16 @uninit_read_feeds_a_phi(
; CHECK:       join:
; CHECK-NEXT:    %r.0 = phi i16 [ undef, %left ], [ 0, %right ]
; LLVM-LABEL:  define i16 @uninit_read_feeds_a_phi(
; LLVM:        join:
; LLVM-NEXT:     %r.0 = phi i16 [ 7, %left ], [ 0, %right ]
; SIMPLIFIED-LABEL: define i16 @uninit_read_feeds_a_phi(
; SIMPLIFIED:       join:
; SIMPLIFIED-NEXT:    ret i16 0
; LLVM-SIMPLIFIED-LABEL: define i16 @uninit_read_feeds_a_phi(
; LLVM-SIMPLIFIED:       join:
; LLVM-SIMPLIFIED-NEXT:    %r.0 = phi i16 [ 7, %left ], [ 0, %right ]
define i16 @uninit_read_feeds_a_phi(i1 %c) {
entry:
  %a = alloca i16
  %r = alloca i16
  %v = load i16, ptr %a
  store i16 7, ptr %a
  br i1 %c, label %left, label %right

left:
  store i16 %v, ptr %r
  br label %join

right:
  store i16 0, ptr %r
  br label %join

join:
  %x = load i16, ptr %r
  ret i16 %x
}
