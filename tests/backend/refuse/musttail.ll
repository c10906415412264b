; A musttail call guarantees a tail call, which the back end does not emit:
; refused (an ordinary call would grow the stack the caller relies on not
; growing).
; EXPECT: pebble llc: @loop: unsupported instruction: %r = musttail call i32 @loop(i32 %n)
target triple = "riscv64-unknown-linux-gnu"

define i32 @loop(i32 %n) {
  %r = musttail call i32 @loop(i32 %n)
  ret i32 %r
}
