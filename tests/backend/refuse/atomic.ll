; An atomic operation without a RISC-V sequence here (uinc_wrap) is refused,
; never miscompiled.
; EXPECT: pebble llc: @bump: unsupported instruction: %old = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4
target triple = "riscv64-unknown-linux-gnu"

define i32 @bump(ptr %p) {
  %old = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4
  ret i32 %old
}
