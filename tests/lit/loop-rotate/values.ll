; Values defined in a rotated header and used elsewhere: header phis that
; feed each other (a swap), an exit that already has a phi (LCSSA form), a
; use two blocks after an exit that is also reached from outside the loop,
; and a loop nest (both loops rotated, inner first). The program is run
; before and after rotation and must print the same thing.

; RUN: %opt -passes='pebble-loop-rotate' -S %s -o %t.pebble.ll
; RUN: FileCheck %s < %t.pebble.ll
; The same IR as LLVM's loop-rotate, up to names, once LLVM's loop-simplify
; and LCSSA have put the loops Pebble leaves alone (@main's, @sink's: none
; here) in the form LLVM's loop passes leave every loop in:
; RUN: opt -passes='loop-simplify,lcssa' -S %t.pebble.ll -o %t.canonical.ll
; RUN: opt -passes=loop-rotate -S %s -o %t.llvm.ll
; RUN: llvm-diff %t.canonical.ll %t.llvm.ll
; RUN: %opt -passes='pebble-loop-rotate<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS
; RUN: lli %s | FileCheck %s --check-prefix=OUT
; RUN: %opt -passes='pebble-loop-rotate' %s | lli | FileCheck %s --check-prefix=OUT

; STATS: @fib: rotated 1 loop{{$}}
; STATS: @lcssa_exit: rotated 1 loop{{$}}
; STATS: @shared_exit: rotated 1 loop{{$}}
; STATS: @nest: rotated 2 loops{{$}}

; OUT: fib(10)=55 lcssa(5)=25 lcssa(0)=0 shared(7,1)=49 shared(7,0)=-1 nest(5)=20 nest(0)=0

; The swap: %a takes %b from the latch and %b takes %a+%b. After rotation
; the body's phis are built from the entry copies' values and the old
; header's values, which now sit in the latch (the old header merged into
; it); %a, used after the loop, reads the loop-closed %split.
; CHECK-LABEL: define i32 @fib(
; CHECK:       entry:
; CHECK-NEXT:    [[C0:%.*]] = icmp slt i32 0, %n
; CHECK-NEXT:    br i1 [[C0]], label %body.lr.ph, label %exit
; CHECK:       body:
; CHECK-NEXT:    [[B:%.*]] = phi i32 [ 1, %body.lr.ph ], [ %sum, %body ]
; CHECK-NEXT:    [[A:%.*]] = phi i32 [ 0, %body.lr.ph ], [ [[B]], %body ]
; CHECK-NEXT:    [[I:%.*]] = phi i32 [ 0, %body.lr.ph ], [ %i.next, %body ]
; CHECK-NEXT:    %sum = add i32 [[A]], [[B]]
; CHECK:       header.exit_crit_edge:
; CHECK-NEXT:    %split = phi i32 [ [[B]], %body ]
; CHECK:       exit:
; CHECK-NEXT:    [[AX:%.*]] = phi i32 [ %split, %header.exit_crit_edge ], [ 0, %entry ]
; CHECK-NEXT:    ret i32 [[AX]]
define i32 @fib(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %a = phi i32 [ 0, %entry ], [ %b, %body ]
  %b = phi i32 [ 1, %entry ], [ %sum, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %sum = add i32 %a, %b
  %i.next = add i32 %i, 1
  br label %header
exit:
  ret i32 %a
}

; The exit's phi gets an entry for the new edge from the entry block,
; with the entry copy's value.
; CHECK-LABEL: define i32 @lcssa_exit(
; CHECK:       exit:
; CHECK-NEXT:    %r = phi i32 [ %split, %header.exit_crit_edge ], [ 0, %entry ]
define i32 @lcssa_exit(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %sq = mul i32 %i, %i
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i.next = add i32 %i, 1
  call void @sink(i32 %i.next)
  br label %header
exit:
  %r = phi i32 [ %sq, %header ]
  ret i32 %r
}

; %v is used in %after, behind the exit; the exit is also entered from
; %skip, which %v does not dominate, so the original uses a phi there. The
; exit is first made dedicated (%exit.loopexit, loop-simplify's form), which
; then receives the loop-closed phi.
; CHECK-LABEL: define i32 @shared_exit(
; CHECK:       exit.loopexit:
; CHECK-NEXT:    [[V:%.*]] = phi i32 [ %split, %header.exit.loopexit_crit_edge ], [ 0, %pre ]
; CHECK:       exit:
; CHECK-NEXT:    %m = phi i32 [ -1, %skip ], [ [[V]], %exit.loopexit ]
define i32 @shared_exit(i32 %n, i1 %go) {
entry:
  br i1 %go, label %pre, label %skip
pre:
  br label %header
header:
  %i = phi i32 [ 0, %pre ], [ %i.next, %body ]
  %v = mul i32 %i, %i
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i.next = add i32 %i, 1
  call void @sink(i32 %i.next)
  br label %header
skip:
  br label %exit
exit:
  %m = phi i32 [ -1, %skip ], [ %v, %header ]
  br label %after
after:
  ret i32 %m
}

; A nest: the inner loop is rotated first, then the outer one, whose body
; now contains the inner loop's new preheader.
; CHECK-LABEL: define i32 @nest(
; CHECK:       entry:
; CHECK:         br i1 {{%.*}}, label %outer.body.lr.ph, label %exit
; CHECK:       outer.body:
; CHECK:         br i1 {{%.*}}, label %inner.body.lr.ph, label %outer.latch
; CHECK:       inner.body:
; CHECK:         br i1 %d, label %inner.body, label %inner.outer.latch_crit_edge
; CHECK:       outer.latch:
; CHECK:         br i1 %c, label %outer.body, label %outer.exit_crit_edge
define i32 @nest(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %s = phi i32 [ 0, %entry ], [ %s.inner, %outer.latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %outer.body, label %exit
outer.body:
  br label %inner
inner:
  %j = phi i32 [ 0, %outer.body ], [ %j.next, %inner.body ]
  %s.inner = phi i32 [ %s, %outer.body ], [ %s.next, %inner.body ]
  %d = icmp slt i32 %j, %i
  br i1 %d, label %inner.body, label %outer.latch
inner.body:
  %s.next = add i32 %s.inner, 2
  %j.next = add i32 %j, 1
  br label %inner
outer.latch:
  %i.next = add i32 %i, 1
  br label %outer
exit:
  ret i32 %s
}

@fmt = private constant [77 x i8] c"fib(10)=%d lcssa(5)=%d lcssa(0)=%d shared(7,1)=%d shared(7,0)=%d nest(5)=%d \00"
@fmt2 = private constant [12 x i8] c"nest(0)=%d\0A\00"
declare i32 @printf(ptr, ...)

define void @sink(i32 %x) {
  ret void
}

define i32 @main() {
  %f = call i32 @fib(i32 10)
  %l5 = call i32 @lcssa_exit(i32 5)
  %l0 = call i32 @lcssa_exit(i32 0)
  %s1 = call i32 @shared_exit(i32 7, i1 true)
  %s0 = call i32 @shared_exit(i32 7, i1 false)
  %n5 = call i32 @nest(i32 5)
  %n0 = call i32 @nest(i32 0)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %f, i32 %l5, i32 %l0, i32 %s1, i32 %s0, i32 %n5)
  call i32 (ptr, ...) @printf(ptr @fmt2, i32 %n0)
  ret i32 0
}
