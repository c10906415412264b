; A preheader must end in a plain `br`: rotation replaces its terminator by
; the copy of the header's test (issue 15, item 7). Each loop here is entered
; from a block ending in another terminator, which rotation used to replace:
; a `callbr` (asm goto; the asm call was deleted while its result %x was
; still used and opt crashed), a `catchret` (the funclet was never left, a
; silent miscompile after win-eh-prepare), an `invoke`'s normal edge, and a
; `callbr` whose indirect target is the header. As LLVM's loop-simplify does,
; a dedicated preheader %header.preheader is inserted on those edges and the
; loop is rotated from it; the original terminator stays. The output is
; LLVM's loop-rotate output up to names (llvm-diff; LLVM's loop-simplify and
; LCSSA put our output in the form LLVM's loop passes leave every loop in).

; RUN: %opt -passes='pebble-loop-rotate<stats>' -S %s -o %t.pebble.ll 2>%t.stats
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: FileCheck %s < %t.pebble.ll
; RUN: opt -passes='loop-simplify,lcssa' -S %t.pebble.ll -o %t.canonical.ll
; RUN: opt -passes=loop-rotate -S %s -o %t.llvm.ll
; RUN: llvm-diff %t.canonical.ll %t.llvm.ll

; STATS:      @callbr_preheader: rotated 1 loop, inserted 1 preheader{{$}}
; STATS-NEXT: @callbr_indirect: rotated 1 loop, inserted 1 preheader{{$}}
; STATS-NEXT: @catchret_preheader: rotated 1 loop, inserted 1 preheader{{$}}
; STATS-NEXT: @invoke_preheader: rotated 1 loop, inserted 1 preheader{{$}}

; CHECK-LABEL: define i32 @callbr_preheader(
; CHECK:         %x = callbr i32 asm
; CHECK-NEXT:      to label %header.preheader []
; CHECK:       header.preheader:
; CHECK-NEXT:    [[C:%.*]] = icmp slt i32 %x, %n
; CHECK-NEXT:    br i1 [[C]], label %body.lr.ph, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %x

; CHECK-LABEL: define i32 @callbr_indirect(
; CHECK:         callbr i32 asm "", "=r,!i
; CHECK-NEXT:      to label %other [label %header.preheader]
; CHECK:       header.preheader:
; CHECK-NEXT:    %i.ph = phi i32

; CHECK-LABEL: define i32 @catchret_preheader(
; CHECK:         catchret from %cp to label %header.preheader
; CHECK:       header.preheader:
; CHECK-NEXT:    [[C:%.*]] = icmp slt i32 0, %n
; CHECK-NEXT:    br i1 [[C]], label %body.lr.ph, label %exit

; CHECK-LABEL: define i32 @invoke_preheader(
; CHECK:         %v = invoke i32 @get()
; CHECK-NEXT:      to label %header.preheader unwind label %lp

declare void @use(i32)
declare i32 @__CxxFrameHandler3(...)
declare void @may_throw()
declare i32 @get()

; asm goto without indirect targets: the block ending in callbr enters the loop
define i32 @callbr_preheader(i32 %n) {
entry:
  %x = callbr i32 asm "mov $0, 1", "=r,~{dirflag},~{fpsr},~{flags}"() to label %header []
header:
  %i = phi i32 [ %x, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %x
}

; the callbr's indirect target is the header: no preheader can be made
define i32 @callbr_indirect(i32 %n) {
entry:
  %x = callbr i32 asm "", "=r,!i,~{dirflag},~{fpsr},~{flags}"() to label %other [label %header]
other:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ 1, %other ], [ %i1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %i
}

; the loop is entered from a catchpad's catchret
define i32 @catchret_preheader(i32 %n) personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may_throw() to label %done unwind label %dispatch
dispatch:
  %cs = catchswitch within none [label %catch] unwind to caller
catch:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  catchret from %cp to label %header
header:
  %i = phi i32 [ 0, %catch ], [ %i1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %i
done:
  ret i32 -1
}

; an invoke's normal destination is the header
define i32 @invoke_preheader(i32 %n) personality ptr @__CxxFrameHandler3 {
entry:
  %v = invoke i32 @get() to label %header unwind label %lp
header:
  %i = phi i32 [ %v, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %i
lp:
  %cl = cleanuppad within none []
  cleanupret from %cl unwind to caller
}

