; A musttail call in a variadic function forwards the caller's `...`, whose
; register save area lives in the frame the tail call pops: refused, with
; the function and the call named (fixed-argument musttail calls are
; lowered: tests/lit/llc/musttail.ll).
; EXPECT: pebble llc: @forward: unsupported musttail call in a variadic function: %r = musttail call i32 (ptr, ...) @target(ptr %fmt, ...)
target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

declare i32 @target(ptr, ...)

define i32 @forward(ptr %fmt, ...) {
  %r = musttail call i32 (ptr, ...) @target(ptr %fmt, ...)
  ret i32 %r
}
