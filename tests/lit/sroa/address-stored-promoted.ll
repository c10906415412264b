; Regression (issue 15): %a is set aside because its address is stored (into
; %p). Promotion then removes %p, which turns the load through %p into a load
; of %a, and promotes and erases %a in the same round. The pass used to put
; %a back on its worklist from the handle it had kept, and read the freed
; instruction (valgrind: invalid read in sroa_function). The set-aside allocas
; are now matched against the live entry allocas instead.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; The read of freed memory went unnoticed by plain runs, even with
; MALLOC_PERTURB_: only valgrind sees it (about 10 s on this input).
; RUN: valgrind --error-exitcode=9 -q %opt -passes=pebble-sroa -disable-output %s

; STATS: pebble-sroa: @f: split 0 allocas into 0 slices, promoted 2 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @chain: split 0 allocas into 0 slices, promoted 3 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses

define i64 @f(i64 %x) {
; CHECK-LABEL: define i64 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i64 %x
entry:
  %a = alloca i64
  %p = alloca ptr
  store i64 %x, ptr %a
  store ptr %a, ptr %p
  %q = load ptr, ptr %p
  %l = load i64, ptr %q
  ret i64 %l
}

; Two levels: %a's address is in %p, %p's in %pp. Each round frees one more.
define i64 @chain(i64 %x) {
; CHECK-LABEL: define i64 @chain(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i64 %x
entry:
  %a = alloca i64
  %p = alloca ptr
  %pp = alloca ptr
  store i64 %x, ptr %a
  store ptr %a, ptr %p
  store ptr %p, ptr %pp
  %q = load ptr, ptr %pp
  %r = load ptr, ptr %q
  %l = load i64, ptr %r
  ret i64 %l
}
