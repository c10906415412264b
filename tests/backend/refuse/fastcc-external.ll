; fastcc is lowered as the C convention, which is only sound when this
; module also defines the callee: a fastcc call to a function compiled
; elsewhere (where LLVM may pass arguments in t-registers) is refused.
; EXPECT: pebble llc: @caller: unsupported instruction: %r = call fastcc i32 @elsewhere(i32 %n)
target triple = "riscv64-unknown-linux-gnu"

declare fastcc i32 @elsewhere(i32)

define i32 @caller(i32 %n) {
  %r = call fastcc i32 @elsewhere(i32 %n)
  ret i32 %r
}
