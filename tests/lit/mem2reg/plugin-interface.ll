; The opt plugin interface of pebble-mem2reg:
; - an unknown parameter is an error that names the parameter and lists
;   the valid ones, and opt exits non-zero (`not`);
; - -print-pipeline-passes prints the parameters back (`<stats>`; none:
;   no brackets; a repeated one once), and the printed pipeline parses to
;   itself (-disable-verify keeps opt from appending `verify`);
; - the pass nests in an explicit function pipeline and its output passes
;   the verifier;
; - at the pipeline-start extension point (opt's default<O2>, or clang
;   -fpass-plugin) PEBBLE_PIPELINE_START selects the passes run first:
;   `pebble-mem2reg<stats>` prints the stats line, `none` runs nothing, and
;   an unparsable value is reported.

; RUN: not %opt -passes='pebble-mem2reg<bogus>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=BOGUS
; BOGUS: error: invalid pebble-mem2reg pass parameter 'bogus' (valid: {{.*}}stats{{.*}})

; RUN: not %opt -passes='pebble-mem2reg<stats;nope>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NOPE
; NOPE: error: invalid pebble-mem2reg pass parameter 'nope' (valid: {{.*}}stats{{.*}})

; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-verify -print-pipeline-passes \
; RUN:   -disable-output %s 2>/dev/null | FileCheck %s --check-prefix=PIPE
; RUN: %opt -passes='function(pebble-mem2reg<stats>)' -disable-verify -print-pipeline-passes \
; RUN:   -disable-output %s 2>/dev/null | FileCheck %s --check-prefix=PIPE
; RUN: %opt -passes='pebble-mem2reg<stats;stats>' -disable-verify -print-pipeline-passes \
; RUN:   -disable-output %s 2>/dev/null | FileCheck %s --check-prefix=PIPE
; PIPE: {{^}}function(pebble-mem2reg<stats>){{$}}

; RUN: %opt -passes='pebble-mem2reg' -disable-verify -print-pipeline-passes \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=PIPE-PLAIN
; RUN: %opt -passes='pebble-mem2reg<>' -disable-verify -print-pipeline-passes \
; RUN:   -disable-output %s | FileCheck %s --check-prefix=PIPE-PLAIN
; PIPE-PLAIN: {{^}}function(pebble-mem2reg){{$}}

; RUN: %opt -passes='function(pebble-mem2reg<stats>,verify),verify' -S %s 2>%t.err \
; RUN:   | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; STATS: pebble-mem2reg: @f: promoted 1 allocas, inserted 1 phis

; RUN: env PEBBLE_PIPELINE_START='pebble-mem2reg<stats>' %opt -passes='default<O2>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: env PEBBLE_PIPELINE_START=none %opt -passes='default<O2>' -disable-output %s 2>&1 \
; RUN:   | count 0
; RUN: env PEBBLE_PIPELINE_START='pebble-mem2reg<x>' %opt -passes='default<O2>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD-START
; BAD-START: error: invalid pebble-mem2reg pass parameter 'x' (valid: {{.*}}stats{{.*}})
; BAD-START: error: PEBBLE_PIPELINE_START='pebble-mem2reg<x>': unknown function pass 'pebble-mem2reg<x>'

; CHECK-LABEL: define i32 @f(
; CHECK:       m:
; CHECK-NEXT:    %a.0 = phi i32 [ 1, %t ], [ 2, %e ]
; CHECK-NEXT:    ret i32 %a.0

define i32 @f(i1 %c) {
entry:
  %a = alloca i32
  br i1 %c, label %t, label %e
t:
  store i32 1, ptr %a
  br label %m
e:
  store i32 2, ptr %a
  br label %m
m:
  %v = load i32, ptr %a
  ret i32 %v
}
