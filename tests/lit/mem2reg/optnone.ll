; pebble-mem2reg is a *required* pass (plugin/pebble_plugin.cpp,
; `isRequired() { return true; }`, a decision recorded in DESIGN.md §4): it
; runs on `optnone` functions and is not subject to -opt-bisect-limit, so
; that `clang -O0 -fpass-plugin=libpebble.so` builds SSA even when the
; front end marks every function optnone. LLVM's mem2reg is optional and
; skips such functions (LLVM prefix). This test pins both behaviours.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM
; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s
; RUN: %opt -passes=pebble-mem2reg -opt-bisect-limit=-1 -S %s | FileCheck %s --check-prefix=BISECT-ALL
; RUN: %opt -passes=pebble-mem2reg -opt-bisect-limit=0 -S %s 2>/dev/null | FileCheck %s --check-prefix=BISECT-NONE

; LLVM-LABEL: define i32 @at_o0(
; LLVM:         %a = alloca i32
; CHECK-LABEL: define i32 @at_o0(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i32 1
; CHECK-LABEL: define i32 @optimizable(
; CHECK-NOT:     alloca
; CHECK:         ret i32 2

; Bisection does not apply to a required pass: it runs with any limit.
; BISECT-ALL-LABEL: define i32 @optimizable(
; BISECT-ALL-NEXT:  entry:
; BISECT-ALL-NEXT:    ret i32 2
; BISECT-NONE-LABEL: define i32 @optimizable(
; BISECT-NONE-NEXT:  entry:
; BISECT-NONE-NEXT:    ret i32 2

define i32 @at_o0() noinline optnone {
entry:
  %a = alloca i32
  store i32 1, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
}

define i32 @optimizable() {
entry:
  %b = alloca i32
  store i32 2, ptr %b
  %v = load i32, ptr %b
  ret i32 %v
}
