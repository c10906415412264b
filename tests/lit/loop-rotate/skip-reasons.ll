; Loops pebble-loop-rotate leaves alone, one function per reason, and the
; counts <stats> reports. Each skipped loop keeps its header test on top.
; @sixteen is the size limit's boundary: a header of exactly 16 counted
; instructions is still copied; @seventeen's is one too many.

; RUN: %opt -passes='pebble-loop-rotate<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; STATS:      pebble-loop-rotate: @multiple_latches: rotated 0 loops; skipped 1 (multiple latches)
; STATS-NEXT: pebble-loop-rotate: @header_not_exiting: rotated 0 loops; skipped 1 (header not exiting)
; STATS-NEXT: pebble-loop-rotate: @switch_header: rotated 0 loops; skipped 1 (header not exiting)
; STATS-NEXT: pebble-loop-rotate: @latch_exits: rotated 0 loops; skipped 1 (latch exits)
; STATS-NEXT: pebble-loop-rotate: @two_entries: rotated 1 loop, inserted 1 preheader{{$}}
; STATS-NEXT: pebble-loop-rotate: @seventeen: rotated 0 loops; skipped 1 (header too large)
; STATS-NEXT: pebble-loop-rotate: @sixteen: rotated 1 loop{{$}}
; STATS-NEXT: pebble-loop-rotate: @convergent_call: rotated 0 loops; skipped 1 (header not duplicable)
; STATS-NEXT: pebble-loop-rotate: @mixed: rotated 2 loops, merged back edges of 1 loop; skipped 1 (header too large)
; STATS-NEXT: pebble-loop-rotate: @indirectbr_entry: rotated 0 loops; skipped 1 (entered by indirectbr)
; STATS-NOT:  pebble-loop-rotate

declare void @use(i32)
declare void @barrier() convergent

; Two back edges, and %i feeds itself around the one from %odd: LLVM's
; loop-simplify would split off a nested loop (separateNestedLoop) before
; merging the back edges; Pebble does not, and skips the loop.
; CHECK-LABEL: define void @multiple_latches(
; CHECK:       header:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    %c = icmp slt i32 %i, %n
; CHECK-NEXT:    br i1 %c, label %body, label %exit
define void @multiple_latches(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ], [ %i, %odd ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  %bit = and i32 %i1, 1
  %isodd = icmp ne i32 %bit, 0
  br i1 %isodd, label %header, label %odd
odd:
  call void @use(i32 %i)
  br label %header
exit:
  ret void
}

; for (;;) { if (i >= n) break; i++; }: the test is not in the header.
; CHECK-LABEL: define void @header_not_exiting(
; CHECK:       header:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    br label %test
define void @header_not_exiting(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %test ]
  br label %test
test:
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %header, label %exit
exit:
  ret void
}

; A header ending in a two-way switch: only a conditional br is copied.
define void @switch_header(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  switch i32 %i, label %body [ i32 100, label %exit ]
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret void
}

; A do-while whose latch exits, with a header that exits too: already
; bottom-tested, nothing to gain.
define void @latch_exits(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %latch, label %exit
latch:
  %i1 = add i32 %i, 1
  %d = icmp ne i32 %i1, 50
  br i1 %d, label %header, label %exit
exit:
  ret void
}

; The loop is entered from two blocks: a dedicated preheader is inserted
; first (LLVM's loop-simplify), merging the entries' values in a phi, and the
; loop is rotated from it.
; CHECK-LABEL: define void @two_entries(
; CHECK:       header.preheader:
; CHECK-NEXT:    %i.ph = phi i32 [ 1, %b ], [ 0, %a ]
; CHECK-NEXT:    [[C:%.*]] = icmp slt i32 %i.ph, %n
; CHECK-NEXT:    br i1 [[C]], label %body.lr.ph, label %exit
define void @two_entries(i1 %p, i32 %n) {
entry:
  br i1 %p, label %a, label %b
a:
  br label %header
b:
  br label %header
header:
  %i = phi i32 [ 0, %a ], [ 1, %b ], [ %i1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret void
}

; 17 counted instructions (phis and the branch are not counted).
; CHECK-LABEL: define i32 @seventeen(
; CHECK:       entry:
; CHECK-NEXT:    br label %header
define i32 @seventeen(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %x1 = add i32 %i, 1
  %x2 = mul i32 %x1, 3
  %x3 = xor i32 %x2, %i
  %x4 = add i32 %x3, 7
  %x5 = shl i32 %x4, 1
  %x6 = sub i32 %x5, %i
  %x7 = and i32 %x6, 1023
  %x8 = or i32 %x7, 1
  %x9 = add i32 %x8, %x1
  %x10 = mul i32 %x9, %x2
  %x11 = add i32 %x10, %x3
  %x12 = xor i32 %x11, %x4
  %x13 = add i32 %x12, %x5
  %x14 = sub i32 %x13, %x6
  %x15 = add i32 %x14, %x7
  %x16 = lshr i32 %x15, 2
  %c = icmp slt i32 %x16, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %x16
}

; The same minus one instruction: rotated.
; CHECK-LABEL: define i32 @sixteen(
; CHECK:       entry:
; CHECK:         br i1 {{%.*}}, label %body.lr.ph, label %exit
define i32 @sixteen(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %x1 = add i32 %i, 1
  %x2 = mul i32 %x1, 3
  %x3 = xor i32 %x2, %i
  %x4 = add i32 %x3, 7
  %x5 = shl i32 %x4, 1
  %x6 = sub i32 %x5, %i
  %x7 = and i32 %x6, 1023
  %x8 = or i32 %x7, 1
  %x9 = add i32 %x8, %x1
  %x10 = mul i32 %x9, %x2
  %x11 = add i32 %x10, %x3
  %x12 = xor i32 %x11, %x4
  %x13 = add i32 %x12, %x5
  %x14 = sub i32 %x13, %x6
  %x15 = add i32 %x14, %x7
  %c = icmp slt i32 %x15, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %x15
}

; A convergent call may not be duplicated (its set of executing threads
; would change on a GPU).
; CHECK-LABEL: define void @convergent_call(
; CHECK:       header:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    call void @barrier()
define void @convergent_call(i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  call void @barrier()
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret void
}

; Three loops in a row: rotated; two back edges merged into %h2.backedge,
; then rotated; header too large. Each is counted once.
define void @mixed(i32 %n) {
entry:
  br label %h1
h1:
  %i = phi i32 [ 0, %entry ], [ %i1, %b1 ]
  %c1 = icmp slt i32 %i, %n
  br i1 %c1, label %b1, label %pre2
b1:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %h1
pre2:
  br label %h2
h2:
  %j = phi i32 [ 0, %pre2 ], [ %j1, %b2 ], [ %j1, %b2b ]
  %c2 = icmp slt i32 %j, %n
  br i1 %c2, label %b2, label %pre3
b2:
  %j1 = add i32 %j, 1
  %odd = trunc i32 %j1 to i1
  br i1 %odd, label %h2, label %b2b
b2b:
  br label %h2
pre3:
  br label %h3
h3:
  %k = phi i32 [ 0, %pre3 ], [ %k1, %b3 ]
  %y1 = add i32 %k, 1
  %y2 = add i32 %y1, 1
  %y3 = add i32 %y2, 1
  %y4 = add i32 %y3, 1
  %y5 = add i32 %y4, 1
  %y6 = add i32 %y5, 1
  %y7 = add i32 %y6, 1
  %y8 = add i32 %y7, 1
  %y9 = add i32 %y8, 1
  %y10 = add i32 %y9, 1
  %y11 = add i32 %y10, 1
  %y12 = add i32 %y11, 1
  %y13 = add i32 %y12, 1
  %y14 = add i32 %y13, 1
  %y15 = add i32 %y14, 1
  %y16 = add i32 %y15, 1
  %c3 = icmp slt i32 %y16, %n
  br i1 %c3, label %b3, label %exit
b3:
  %k1 = add i32 %k, 1
  call void @use(i32 %k1)
  br label %h3
exit:
  ret void
}

; The only edge into the loop comes from an indirectbr: no preheader can be
; put on it. (LLVM takes the block as the preheader and replaces the
; indirectbr, whose only target is the header; Pebble keeps to `br`.)
; CHECK-LABEL: define i32 @indirectbr_entry(
; CHECK:         indirectbr ptr blockaddress(@indirectbr_entry, %header), [label %header]
; CHECK:       header:
; CHECK-NEXT:    %i = phi i32
define i32 @indirectbr_entry(i32 %n, ptr %t) {
entry:
  indirectbr ptr blockaddress(@indirectbr_entry, %header), [label %header]
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %i
}
