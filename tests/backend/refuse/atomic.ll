; Atomic read-modify-write is not selected: refused, never miscompiled.
; EXPECT: pebble llc: @bump: unsupported instruction: %old = atomicrmw add ptr %p, i32 1 seq_cst, align 4
target triple = "riscv64-unknown-linux-gnu"

define i32 @bump(ptr %p) {
  %old = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  ret i32 %old
}
