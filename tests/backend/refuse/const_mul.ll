; A product of an address is no relocation: the initialiser is refused.
; EXPECT: @bad: unsupported initializer of global variable
target triple = "riscv64-unknown-linux-gnu"

@g = global i32 0
@bad = global i64 mul (i64 ptrtoint (ptr @g to i64), i64 2)
