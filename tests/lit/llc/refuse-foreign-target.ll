; `pebble llc` refuses IR made for another target instead of compiling it
; as rv64 (issue 15, item 6: x86-64 and riscv32 IR used to give wrong code
; and a crashing binary): exit status 1, one `pebble llc: error:` line
; naming what is wrong, and no output file. The module is the same in each
; case; only its triple, data layout or ABI flag differs (sed), so the
; function itself is one the back end compiles (last RUN lines).

; RUN: sed -e 's/TRIPLE/x86_64-unknown-linux-gnu/' -e 's/LAYOUT/e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128/' -e 's/ABI/lp64d/' %s > %t.x86.ll
; RUN: rm -f %t.s
; RUN: not %pebble llc %t.x86.ll -o %t.s 2>&1 | FileCheck %s --check-prefix=X86
; RUN: not ls %t.s
; X86: pebble llc: error: the module's target triple is 'x86_64-unknown-linux-gnu': pebble llc compiles riscv64 IR only

; RUN: sed -e 's/TRIPLE/riscv32-unknown-linux-gnu/' -e 's/LAYOUT/e-m:e-p:32:32-i64:64-n32-S128/' -e 's/ABI/ilp32d/' %s > %t.rv32.ll
; RUN: not %pebble llc %t.rv32.ll -o %t.s 2>&1 | FileCheck %s --check-prefix=RV32
; RUN: not ls %t.s
; RV32: pebble llc: error: the module's target triple is 'riscv32-unknown-linux-gnu'

; A riscv64 triple with riscv32's data layout: the layout is checked too.
; RUN: sed -e 's/TRIPLE/riscv64-unknown-linux-gnu/' -e 's/LAYOUT/e-m:e-p:32:32-i64:64-n32-S128/' -e 's/ABI/lp64d/' %s > %t.layout.ll
; RUN: not %pebble llc %t.layout.ll -o %t.s 2>&1 | FileCheck %s --check-prefix=LAYOUT
; RUN: not ls %t.s
; LAYOUT: pebble llc: error: the module's data layout 'e-m:e-p:32:32-i64:64-n32-S128' is not rv64's ('e-m:e-p:64:64-i64:64-i128:128-n32:64-S128')

; rv64 with the soft-float ABI (same data layout, other calling convention).
; RUN: sed -e 's/TRIPLE/riscv64-unknown-linux-gnu/' -e 's/LAYOUT/e-m:e-p:64:64-i64:64-i128:128-n32:64-S128/' -e 's/ABI/lp64/' %s > %t.lp64.ll
; RUN: not %pebble llc %t.lp64.ll -o %t.s 2>&1 | FileCheck %s --check-prefix=LP64
; RUN: not ls %t.s
; LP64: pebble llc: error: the module's target-abi is 'lp64': pebble llc implements lp64d only

; rv64 lp64d is accepted and compiled.
; RUN: sed -e 's/TRIPLE/riscv64-unknown-linux-gnu/' -e 's/LAYOUT/e-m:e-p:64:64-i64:64-i128:128-n32:64-S128/' -e 's/ABI/lp64d/' %s > %t.rv64.ll
; RUN: %pebble llc %t.rv64.ll -o %t.s
; RUN: FileCheck %s --check-prefix=RV64 < %t.s
; RV64: add_one:

target datalayout = "LAYOUT"
target triple = "TRIPLE"

define i32 @add_one(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"target-abi", !"ABI"}
