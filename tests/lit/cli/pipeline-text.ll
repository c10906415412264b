; Pipeline text naming Pebble passes is checked as LLVM checks its own
; function passes (issue 15, item 5):
; - an inner pipeline after a function pass, `pebble-mem2reg(no-such-pass)`
;   or even `pebble-loop-rotate()`, is refused with LLVM's own message
;   ("invalid use of ... as function pipeline") instead of being dropped;
;   LLVM's `sroa()` gives the same message (last RUN line of this group);
; - two modes of pebble-mem2reg that exclude each other (`compat` and
;   `updater`, in any order and with other parameters between them) are
;   refused with a message naming both, where `compat` used to be ignored;
; - the accepted forms still parse.

; RUN: not %opt -passes='pebble-mem2reg(no-such-pass)' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=INNER-M2R
; INNER-M2R: invalid use of 'pebble-mem2reg' pass as function pipeline
; RUN: not %opt -passes='pebble-loop-rotate()' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=INNER-ROT
; INNER-ROT: invalid use of 'pebble-loop-rotate' pass as function pipeline
; RUN: not %opt -passes='function(pebble-sccp(instcombine))' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=INNER-SCCP
; INNER-SCCP: invalid use of 'pebble-sccp' pass as function pipeline
; RUN: not %opt -passes='pebble-sroa<stats>(pebble-mem2reg)' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=INNER-SROA
; INNER-SROA: invalid use of 'pebble-sroa<stats>' pass as function pipeline
; RUN: not opt -passes='sroa()' -disable-output %s 2>&1 | FileCheck %s --check-prefix=LLVM
; LLVM: invalid use of 'sroa' pass as function pipeline

; RUN: not %opt -passes='pebble-mem2reg<compat;updater>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MODES
; RUN: not %opt -passes='pebble-mem2reg<updater;stats;compat>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MODES
; MODES: error: invalid pebble-mem2reg pass parameters 'compat;updater' (compat and updater exclude each other: choose one mode)

; RUN: %opt -passes='pebble-mem2reg<compat;stats>,pebble-sroa,pebble-sccp,pebble-loop-rotate' \
; RUN:   -disable-verify -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=OK
; RUN: %opt -passes='function(pebble-mem2reg<updater>)' -disable-verify -print-pipeline-passes \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=OK-UPDATER
; OK: {{^}}function(pebble-mem2reg<stats;compat>,pebble-sroa,pebble-sccp,pebble-loop-rotate){{$}}
; OK-UPDATER: {{^}}function(pebble-mem2reg<updater>){{$}}

; After a module pass, a Pebble pass is adapted to run on every function, as
; LLVM's own function passes are there (`function(mem2reg),sroa`); it used
; to be "unknown module pass". A pipeline that starts with one stays a
; function pipeline (OK above): the passes run function by function.
; RUN: %opt -passes='function(mem2reg),pebble-sroa,pebble-sccp<stats>' -print-pipeline-passes \
; RUN:   -disable-verify -disable-output %s | FileCheck %s --check-prefix=MODULE
; MODULE: {{^}}function(mem2reg),function(pebble-sroa),function(pebble-sccp<stats>){{$}}
; RUN: %opt -passes='globalopt,pebble-mem2reg<stats>' -S %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=ADAPTED
; ADAPTED: pebble-mem2reg: @f: promoted 1 allocas, inserted 0 phis
; ADAPTED: ret i32 %x
; RUN: not %opt -passes='globalopt,pebble-sccp<bogus>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MODULE-BAD
; MODULE-BAD: error: invalid pebble-sccp pass parameter 'bogus' (valid: stats, phase-times)

define i32 @f(i32 %x) {
  %a = alloca i32
  store i32 %x, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
}
