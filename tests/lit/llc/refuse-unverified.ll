; `pebble llc` runs LLVM's verifier on its input first: IR that parses but
; does not verify (here %y is used before it is defined, in the same block)
; is refused with the verifier's message, exit status 1, no output file,
; where the back end used to compile it (issue 15, item 6).

; RUN: rm -f %t.s
; RUN: not %pebble llc %s -o %t.s 2>&1 | FileCheck %s
; RUN: not ls %t.s
; CHECK: pebble llc: error: the input does not verify: Instruction does not dominate all uses!

target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

define i32 @use_before_def(i32 %x) {
  %z = add i32 %y, 1
  %y = add i32 %x, 1
  ret i32 %z
}
