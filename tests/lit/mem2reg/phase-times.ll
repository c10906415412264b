; The `<phase-times>` parameter: one line on stderr per function that has
; entry-block allocas, the wall-clock milliseconds of each phase of the pass
; in the order it runs them, then the part of them spent naming phis
; (`transforms::mem2reg::phase_times`). The values
; vary from run to run; their format and the phases do not. Combined with
; `<stats>` the stats line comes first; compat mode times the same phases;
; the output IR is the same as without the parameter.

; RUN: %opt -passes='pebble-mem2reg<phase-times>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=pebble-mem2reg
; RUN: %opt -passes='pebble-mem2reg<stats;phase-times>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS --implicit-check-not=pebble-mem2reg
; RUN: %opt -passes='pebble-mem2reg<compat;phase-times>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=pebble-mem2reg
; RUN: %opt -passes='pebble-mem2reg<phase-times>' -S %s 2>/dev/null > %t.timed.ll
; RUN: %opt -passes=pebble-mem2reg -S %s > %t.plain.ll
; RUN: diff %t.timed.ll %t.plain.ll

; CHECK:      pebble-mem2reg: @loop: read {{[0-9]+\.[0-9][0-9][0-9]}} ms, check {{[0-9]+\.[0-9][0-9][0-9]}} ms, summarise {{[0-9]+\.[0-9][0-9][0-9]}} ms, place {{[0-9]+\.[0-9][0-9][0-9]}} ms, insert {{[0-9]+\.[0-9][0-9][0-9]}} ms, rename {{[0-9]+\.[0-9][0-9][0-9]}} ms, finish {{[0-9]+\.[0-9][0-9][0-9]}} ms, phi names {{[0-9]+\.[0-9][0-9][0-9]}} ms{{$}}
; CHECK-NOT:  {{.}}

; STATS:      pebble-mem2reg: @loop: promoted 1 allocas, inserted 1 phis
; STATS-NEXT: pebble-mem2reg: @loop: read {{[0-9.]+}} ms, check

define i32 @loop(i32 %n) {
entry:
  %i = alloca i32, align 4
  store i32 0, ptr %i, align 4
  br label %header

header:
  %v = load i32, ptr %i, align 4
  %c = icmp slt i32 %v, %n
  br i1 %c, label %body, label %exit

body:
  %inc = add i32 %v, 1
  store i32 %inc, ptr %i, align 4
  br label %header

exit:
  ret i32 %v
}

define i32 @no_allocas(i32 %x) {
  ret i32 %x
}
