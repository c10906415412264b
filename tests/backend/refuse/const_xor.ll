; An address xor a constant is no relocation: the initialiser is refused.
; (xor, not mul: LLVM 22 no longer parses mul constant expressions.)
; EXPECT: @bad: unsupported initializer of global variable
target triple = "riscv64-unknown-linux-gnu"

@g = global i32 0
@bad = global i64 xor (i64 ptrtoint (ptr @g to i64), i64 2)
