; Calling conventions other than ccc, fastcc and coldcc are refused at the
; definition, naming the function and the convention's number.
; EXPECT: pebble llc: @f: unsupported calling convention 10
target triple = "riscv64-unknown-linux-gnu"

define ghccc void @f() {
  ret void
}
