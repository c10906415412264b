; The seed's rot.ll (SSAUpdater in loop rotation): a top-tested loop whose
; header computes %sq, tests it, and whose body and exit both use it.
; Rotation copies the header into the entry (the copy reads %i as 0), sends
; the entry to a new preheader or straight to the exit, and leaves the old
; header at the bottom of the loop. %sq then has two definitions, so the
; SSA updater puts a phi at the new loop header (the copy's value from the
; preheader, %sq from the old header, now the latch) and one at the exit.
; The header phi %i becomes a phi at the new header the same way.

; RUN: %opt -passes='pebble-loop-rotate' -S %s | FileCheck %s
; RUN: %opt -passes='pebble-loop-rotate<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes='pebble-loop-rotate,instsimplify' -S %s \
; RUN:   | FileCheck %s --check-prefix=SIMPLE

; STATS: pebble-loop-rotate: @count: rotated 1 loop{{$}}

; CHECK-LABEL: define i32 @count(
; CHECK:       entry:
; CHECK-NEXT:    [[SQ0:%.*]] = mul i32 0, 0
; CHECK-NEXT:    [[C0:%.*]] = icmp slt i32 [[SQ0]], %n
; CHECK-NEXT:    br i1 [[C0]], label %[[PH:.*]], label %exit
; CHECK:       header:
; CHECK-NEXT:    %sq = mul i32 %i.next, %i.next
; CHECK-NEXT:    %c = icmp slt i32 %sq, %n
; CHECK-NEXT:    br i1 %c, label %body, label %exit
; CHECK:       [[PH]]:
; CHECK-NEXT:    br label %body
; CHECK:       body:
; CHECK-DAG:     [[I:%.*]] = phi i32 [ %i.next, %header ], [ 0, %[[PH]] ]
; CHECK-DAG:     [[SQ:%.*]] = phi i32 [ %sq, %header ], [ [[SQ0]], %[[PH]] ]
; CHECK:         call void @work(i32 [[SQ]])
; CHECK-NEXT:    %i.next = add i32 [[I]], 1
; CHECK-NEXT:    br label %header
; CHECK:       exit:
; CHECK-NEXT:    [[SQX:%.*]] = phi i32 [ [[SQ0]], %entry ], [ %sq, %header ]
; CHECK-NEXT:    ret i32 [[SQX]]

; After instsimplify the entry copy folds to 0, as in LLVM's output.
; SIMPLE-LABEL: define i32 @count(
; SIMPLE:         icmp slt i32 0, %n
; SIMPLE:       body:
; SIMPLE-DAG:     phi i32 [ %sq, %header ], [ 0, %body.lr.ph ]
; SIMPLE:       exit:
; SIMPLE-NEXT:    phi i32 [ 0, %entry ], [ %sq, %header ]

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
