; RUN: env MALLOC_PERTURB_=165 %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
;
; Two accesses outside %a, both erased: the store of %v past the end and
; the load of %v before the start. The store comes first in memory (its
; block is written first), so it is erased first; erasing it leaves the
; load unused, and the dead chain that follows an erased access must not
; erase the load too, which is still to be erased on its own (the first
; version did, then read the freed load: valgrind, invalid read in
; LLVMGetNumOperands from `ir::delete::erase_with_dead_operands`; its
; `spared` now keeps the accesses still to be erased).
; scripts/memcheck runs this file under valgrind.

; STATS: pebble-sroa: @stored_before_loaded: split 0 allocas into 0 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 2 dead uses

define i64 @stored_before_loaded(i64 %x) {
; CHECK-LABEL: define i64 @stored_before_loaded(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br label %load
; CHECK:       use:
; CHECK-NEXT:    ret i64 %x
; CHECK:       load:
; CHECK-NEXT:    br label %use
entry:
  %a = alloca i64, align 8
  store i64 %x, ptr %a, align 8
  %before = getelementptr i8, ptr %a, i64 -8
  %past = getelementptr i8, ptr %a, i64 8
  br label %load
use:
  store i64 %v, ptr %past, align 8
  %r = load i64, ptr %a, align 8
  ret i64 %r
load:
  %v = load i64, ptr %before, align 8
  br label %use
}
