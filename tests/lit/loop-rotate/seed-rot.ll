; The seed's rot.ll (§7, "SSAUpdater in loop rotation"): a top-tested loop
; whose header computes %sq, tests it, and whose body and exit both use it.
; pebble-loop-rotate must print what `opt -passes=loop-rotate` prints, up to
; value names (llvm-diff), as in the seed's "Output (complete)":
; * the header is copied into the entry with %i read as 0, and the copy of
;   %sq = mul %i, %i simplifies to 0 as it is made (only the compare is left);
; * the entry branches to a new preheader %body.lr.ph or to the exit;
; * %sq now has two definitions, so the SSA updater puts %sq3 at the new
;   header (phis in LLVM's predecessor order: preheader first) and one at
;   the exit; %i gets a phi at the new header the same way;
; * the old header, whose only predecessor is now the body, is merged into it;
; * the new critical exit edge is split (%header.exit_crit_edge), with the
;   loop-closed phi %split in it.

; RUN: %opt -passes='pebble-loop-rotate' -S %s -o %t.pebble.ll
; RUN: opt -passes=loop-rotate -S %s -o %t.llvm.ll
; RUN: llvm-diff %t.pebble.ll %t.llvm.ll
; RUN: FileCheck %s < %t.pebble.ll
; RUN: %opt -passes='pebble-loop-rotate<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS

; STATS: pebble-loop-rotate: @count: rotated 1 loop{{$}}

; CHECK-LABEL: define i32 @count(
; CHECK:       entry:
; CHECK-NEXT:    [[C0:%.*]] = icmp slt i32 0, %n
; CHECK-NEXT:    br i1 [[C0]], label %body.lr.ph, label %exit
; CHECK:       body.lr.ph:
; CHECK-NEXT:    br label %body
; CHECK:       body:
; CHECK-NEXT:    [[SQ:%.*]] = phi i32 [ 0, %body.lr.ph ], [ %sq, %body ]
; CHECK-NEXT:    [[I:%.*]] = phi i32 [ 0, %body.lr.ph ], [ %i.next, %body ]
; CHECK-NEXT:    call void @work(i32 [[SQ]])
; CHECK-NEXT:    %i.next = add i32 [[I]], 1
; CHECK-NEXT:    %sq = mul i32 %i.next, %i.next
; CHECK-NEXT:    %c = icmp slt i32 %sq, %n
; CHECK-NEXT:    br i1 %c, label %body, label %header.exit_crit_edge
; CHECK:       header.exit_crit_edge:
; CHECK-NEXT:    %split = phi i32 [ %sq, %body ]
; CHECK-NEXT:    br label %exit
; CHECK:       exit:
; CHECK-NEXT:    [[SQX:%.*]] = phi i32 [ %split, %header.exit_crit_edge ], [ 0, %entry ]
; CHECK-NEXT:    ret i32 [[SQX]]
; CHECK-NOT:   header:

declare void @work(i32)

define i32 @count(i32 %n) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %sq = mul i32 %i, %i
  %c = icmp slt i32 %sq, %n
  br i1 %c, label %body, label %exit

body:
  call void @work(i32 %sq)
  %i.next = add i32 %i, 1
  br label %header

exit:
  ret i32 %sq
}
