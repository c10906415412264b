; A module compiled for a shared library (`PIC Level` without `PIE
; Level`, as clang -fPIC marks it): thread-locals take the general-dynamic
; model, `la.tls.gd` then a call of __tls_get_addr, as `llc
; -relocation-model=pic` (its `auipc %tls_gd_pcrel_hi` pair is what
; la.tls.gd assembles to); one the IR marks initialexec keeps that more
; specific model; two loads of one variable in a block share the call.

; RUN: %pebble llc %s -o - | FileCheck %s

target triple = "riscv64-unknown-linux-gnu"

@x = thread_local global i32 1
@y = thread_local(initialexec) global i32 2

; CHECK-LABEL: get:
; CHECK: la.tls.gd a0, x
; CHECK-NEXT: call __tls_get_addr
; CHECK-NOT: __tls_get_addr
; CHECK: la.tls.ie [[Y:[a-z0-9]+]], y
; CHECK-NEXT: add [[Y]], [[Y]], tp
; CHECK-NOT: __tls_get_addr
; CHECK: ret
define i32 @get() {
  %a = load i32, ptr @x
  %b = load i32, ptr @y
  %c = load i32, ptr @x
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIC Level", i32 2}
