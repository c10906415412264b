; RUN: env MALLOC_PERTURB_=165 %opt -passes='pebble-sccp' -S %s | FileCheck %s
; RUN: env MALLOC_PERTURB_=165 %opt -passes='mem2reg,pebble-sccp' -S %s | FileCheck %s
;
; Issue 15's first reproducer. pebble-sccp used to delete non-executable
; blocks one at a time in block order: %dead.a was freed while %dead.b's
; terminator still used it, and erasing that terminator then wrote into the
; freed block (valgrind: Use::zap inside eraseFromParent). Dead blocks are
; now deleted as a group through ir::delete. The output is checked here;
; scripts/memcheck runs this file under valgrind, where the old code
; reported an invalid write.

define i32 @sccp_dead_cycle() {
; CHECK-LABEL: define i32 @sccp_dead_cycle(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 0
; CHECK-NEXT:  }
entry:
  br i1 false, label %dead.a, label %exit
dead.a:
  br label %dead.b
dead.b:
  br label %dead.a
exit:
  ret i32 0
}

; The same with no constant at all: an unreachable two-block cycle.
define i32 @sccp_unreachable_cycle(i32 %x) {
; CHECK-LABEL: define i32 @sccp_unreachable_cycle(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i32 %x
; CHECK-NEXT:  }
entry:
  ret i32 %x
u1:
  br label %u2
u2:
  br label %u1
}
