; A byval argument of a musttail call is a copy in memory of the frame the
; tail call pops (clang never passes one on RISC-V, where large aggregates
; go by reference): refused, with the function and the call named.
; EXPECT: pebble llc: @f: unsupported musttail call with a byval argument: %r = musttail call i64 @g(ptr byval(%S) align 8 %s)
target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

%S = type { [4 x i64] }

declare i64 @g(ptr byval(%S) align 8)

define i64 @f(ptr byval(%S) align 8 %s) {
  %r = musttail call i64 @g(ptr byval(%S) align 8 %s)
  ret i64 %r
}
