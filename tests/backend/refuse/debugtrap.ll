; llvm.debugtrap (ebreak, then continue) has no lowering yet: refused.
; EXPECT: pebble llc: @f: unsupported instruction: call void @llvm.debugtrap()
target triple = "riscv64-unknown-linux-gnu"

define void @f() {
  call void @llvm.debugtrap()
  ret void
}

declare void @llvm.debugtrap()
