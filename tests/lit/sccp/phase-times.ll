; The `<phase-times>` parameter: one line on stderr per function, the
; wall-clock milliseconds of each phase of the pass in the order it runs
; them: reading the function into the solver's program, solving,
; rewriting the IR (`transforms::sccp::PhaseTimes`). The values vary from
; run to run; their format and the phases do not. Combined with `<stats>`
; the stats line comes first; the output IR is the same as without the
; parameter.

; RUN: %opt -passes='pebble-sccp<phase-times>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=pebble-sccp
; RUN: %opt -passes='pebble-sccp<stats;phase-times>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS --implicit-check-not=pebble-sccp
; RUN: %opt -passes='pebble-sccp<phase-times>' -S %s 2>/dev/null > %t.timed.ll
; RUN: %opt -passes=pebble-sccp -S %s > %t.plain.ll
; RUN: diff %t.timed.ll %t.plain.ll

; CHECK:      pebble-sccp: @fold: read {{[0-9]+\.[0-9][0-9][0-9]}} ms, solve {{[0-9]+\.[0-9][0-9][0-9]}} ms, rewrite {{[0-9]+\.[0-9][0-9][0-9]}} ms{{$}}
; CHECK-NEXT: pebble-sccp: @arg: read {{[0-9.]+}} ms, solve {{[0-9.]+}} ms, rewrite {{[0-9.]+}} ms{{$}}
; CHECK-NOT:  {{.}}

; STATS:      pebble-sccp: @fold: 2 constants, 1 branches folded, 1 blocks removed,
; STATS-NEXT: pebble-sccp: @fold: read {{[0-9.]+}} ms, solve
; STATS-NEXT: pebble-sccp: @arg: 0 constants,
; STATS-NEXT: pebble-sccp: @arg: read {{[0-9.]+}} ms, solve

define i32 @fold() {
entry:
  %a = add i32 2, 3
  %c = icmp eq i32 %a, 5
  br i1 %c, label %yes, label %no

yes:
  ret i32 %a

no:
  ret i32 0
}

define i32 @arg(i32 %x) {
  ret i32 %x
}
