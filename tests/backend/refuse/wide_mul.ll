; Multiplication wider than 128 bits (no libgcc routine) is beyond the back
; end: `pebble llc` must name the function and the instruction, exit with
; status 1, and write no output file, even though the function before it
; (and the 256-bit load) compile.
; EXPECT: pebble llc: @wide: unsupported instruction: %m = mul i256 %v, %v
target triple = "riscv64-unknown-linux-gnu"

@g = global i256 0, align 16

define i64 @fine(i64 %x) {
  %y = add i64 %x, 1
  ret i64 %y
}

define i64 @wide() {
  %v = load i256, ptr @g, align 16
  %m = mul i256 %v, %v
  %t = trunc i256 %m to i64
  ret i64 %t
}
