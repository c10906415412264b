; An inline asm operand pinned to a named register is not handled: refused
; with the function and the constraint named.
; EXPECT: pebble llc: @f: unsupported inline asm constraint: {a0}
target triple = "riscv64-unknown-linux-gnu"

define i64 @f(i64 %x) {
  %r = call i64 asm "mv $0, $1", "=r,{a0}"(i64 %x)
  ret i64 %r
}
