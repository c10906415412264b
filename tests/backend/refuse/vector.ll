; Vector values are refused with the first instruction that makes one named.
; EXPECT: pebble llc: @vadd: unsupported instruction: %a = load <2 x i32>, ptr %p, align 8
target triple = "riscv64-unknown-linux-gnu"

define void @vadd(ptr %p) {
  %a = load <2 x i32>, ptr %p, align 8
  %s = add <2 x i32> %a, %a
  store <2 x i32> %s, ptr %p, align 8
  ret void
}
