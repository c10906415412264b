; A store through a select of an alloca's address and another pointer is
; never speculated; with modify-cfg (the default) it is predicated as LLVM's
; rewriteMemOpOfSelect does: the block is split before it, each hand gets
; its own store on its side of a branch on the condition, and the alloca
; is promoted (a phi merges the two values). The output is LLVM 19's sroa
; output, instruction for instruction. With preserve-cfg the alloca stays.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: %opt -passes='pebble-sroa<preserve-cfg>' -S %s | FileCheck %s --check-prefix=PRESERVE

; STATS: pebble-sroa: @store_through_select: split 0 allocas into 0 slices, promoted 1 allocas, inserted 1 phis, speculated 0 loads, poisoned 0 dead uses

define i32 @store_through_select(i1 %c, ptr %q, i32 %x, i32 %y) {
; CHECK-LABEL: define i32 @store_through_select(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br i1 %c, label %entry.then, label %entry.else
; CHECK:       entry.then:
; CHECK-NEXT:    br label %entry.cont
; CHECK:       entry.else:
; CHECK-NEXT:    store i32 %y, ptr %q, align 4
; CHECK-NEXT:    br label %entry.cont
; CHECK:       entry.cont:
; CHECK-NEXT:    %a.0 = phi i32 [ %y, %entry.then ], [ %x, %entry.else ]
; CHECK-NEXT:    ret i32 %a.0
;
; PRESERVE-LABEL: define i32 @store_through_select(
; PRESERVE:         %a = alloca i32
; PRESERVE:         store i32 %y, ptr %s
entry:
  %a = alloca i32
  store i32 %x, ptr %a
  %s = select i1 %c, ptr %a, ptr %q
  store i32 %y, ptr %s
  %l = load i32, ptr %a
  ret i32 %l
}
