; A 128-bit load is beyond the back end: `pebble llc` must name the function
; and the instruction, exit with status 1, and write no output file, even
; though the function before it compiles.
; EXPECT: pebble llc: @wide: unsupported instruction: %v = load i128, ptr @g, align 16
target triple = "riscv64-unknown-linux-gnu"

@g = global i128 0, align 16

define i64 @fine(i64 %x) {
  %y = add i64 %x, 1
  ret i64 %y
}

define i64 @wide() {
  %v = load i128, ptr @g, align 16
  %t = trunc i128 %v to i64
  ret i64 %t
}
