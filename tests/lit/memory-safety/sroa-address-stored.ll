; RUN: env MALLOC_PERTURB_=165 %opt -passes='pebble-sroa' -S %s | FileCheck %s
;
; Issue 15's second reproducer. %a is set aside because its address is
; stored (into %p). Promotion then removes %p, which makes %a promotable;
; it is promoted and erased, and sroa_function used to re-enqueue %a from
; its address-stored list and read the freed instruction (valgrind:
; invalid read in LLVMIsAInstruction from sroa_function). The output is the
; same either way; scripts/memcheck runs this file under valgrind.

define i64 @sroa_address_stored(i64 %x) {
; CHECK-LABEL: define i64 @sroa_address_stored(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i64 %x
; CHECK-NEXT:  }
entry:
  %a = alloca i64
  %p = alloca ptr
  store i64 %x, ptr %a
  store ptr %a, ptr %p
  %q = load ptr, ptr %p
  %l = load i64, ptr %q
  ret i64 %l
}
