; Duplicate CFG edges (after LLVM's 2003-04-24-MultipleIdenticalSuccessors):
; a switch with two cases to the same block, and a conditional branch with
; both targets the same block. A phi must have exactly one entry per edge,
; so the same predecessor appears twice with the same value. In
; @br_both_edges_no_phi the doubled edge enters a block where no phi is
; live: nothing to add. LLVM's mem2reg (LLVM prefix) gives the same
; entries, in its renaming order.

; RUN: %opt -passes='pebble-mem2reg,verify' -S %s | FileCheck %s '--implicit-check-not== alloca'
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM

; CHECK-LABEL: define i32 @switch_two_cases_same_block(
; CHECK:       entry:
; CHECK-NEXT:    switch i32 %x, label %other [
; CHECK-NEXT:      i32 1, label %join
; CHECK-NEXT:      i32 2, label %join
; CHECK-NEXT:    ]
; CHECK:       other:
; CHECK-NEXT:    br label %join
; CHECK:       join:
; CHECK-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ 0, %entry ], [ 7, %other ]
; CHECK-NEXT:    ret i32 %a.0
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @switch_two_cases_same_block(
; LLVM:       entry:
; LLVM-NEXT:    switch i32 %x, label %other [
; LLVM-NEXT:      i32 1, label %join
; LLVM-NEXT:      i32 2, label %join
; LLVM-NEXT:    ]
; LLVM:       other:
; LLVM-NEXT:    br label %join
; LLVM:       join:
; LLVM-NEXT:    %a.0 = phi i32 [ 7, %other ], [ 0, %entry ], [ 0, %entry ]
; LLVM-NEXT:    ret i32 %a.0
; LLVM-NEXT:  }
define i32 @switch_two_cases_same_block(i32 %x) {
entry:
  %a = alloca i32
  store i32 0, ptr %a
  switch i32 %x, label %other [
    i32 1, label %join
    i32 2, label %join
  ]

other:
  store i32 7, ptr %a
  br label %join

join:
  %v = load i32, ptr %a
  ret i32 %v
}

; CHECK-LABEL: define i32 @br_both_edges_no_phi(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ %n, %loop ]
; CHECK-NEXT:    %n = add i32 %a.0, 1
; CHECK-NEXT:    br i1 %c, label %loop, label %loop2
; CHECK:       loop2:
; CHECK-NEXT:    br i1 %c, label %exit, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %n
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @br_both_edges_no_phi(
; LLVM:       entry:
; LLVM-NEXT:    br label %loop
; LLVM:       loop:
; LLVM-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ %n, %loop ]
; LLVM-NEXT:    %n = add i32 %a.0, 1
; LLVM-NEXT:    br i1 %c, label %loop, label %loop2
; LLVM:       loop2:
; LLVM-NEXT:    br i1 %c, label %exit, label %exit
; LLVM:       exit:
; LLVM-NEXT:    ret i32 %n
; LLVM-NEXT:  }
define i32 @br_both_edges_no_phi(i1 %c) {
entry:
  %a = alloca i32
  store i32 0, ptr %a
  br label %loop

loop:
  %v = load i32, ptr %a
  %n = add i32 %v, 1
  store i32 %n, ptr %a
  br i1 %c, label %loop, label %loop2

loop2:
  br i1 %c, label %exit, label %exit

exit:
  %r = load i32, ptr %a
  ret i32 %r
}

; CHECK-LABEL: define i32 @duplicate_edges_to_header(
; CHECK:       entry:
; CHECK-NEXT:    br label %head
; CHECK:       head:
; CHECK-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ %n, %latch ], [ %n, %latch ]
; CHECK-NEXT:    %n = add i32 %a.0, 1
; CHECK-NEXT:    br i1 %d, label %latch, label %exit
; CHECK:       latch:
; CHECK-NEXT:    br i1 %c, label %head, label %head
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %a.0
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @duplicate_edges_to_header(
; LLVM:       entry:
; LLVM-NEXT:    br label %head
; LLVM:       head:
; LLVM-NEXT:    %a.0 = phi i32 [ 0, %entry ], [ %n, %latch ], [ %n, %latch ]
; LLVM-NEXT:    %n = add i32 %a.0, 1
; LLVM-NEXT:    br i1 %d, label %latch, label %exit
; LLVM:       latch:
; LLVM-NEXT:    br i1 %c, label %head, label %head
; LLVM:       exit:
; LLVM-NEXT:    ret i32 %a.0
; LLVM-NEXT:  }
define i32 @duplicate_edges_to_header(i1 %c, i1 %d) {
entry:
  %a = alloca i32
  store i32 0, ptr %a
  br label %head

head:
  %v = load i32, ptr %a
  %n = add i32 %v, 1
  store i32 %n, ptr %a
  br i1 %d, label %latch, label %exit

latch:
  br i1 %c, label %head, label %head

exit:
  ret i32 %v
}
