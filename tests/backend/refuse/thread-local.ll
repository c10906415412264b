; The address of a thread-local variable is not a link-time constant (each
; thread's copy is found from tp): refused where it is read, even through
; llvm.threadlocal.address and even for an external declaration (an `la`
; of it would read another object).
; EXPECT: pebble llc: @get: unsupported instruction: %p = call ptr @llvm.threadlocal.address.p0(ptr @counter)
target triple = "riscv64-unknown-linux-gnu"

@counter = external thread_local global i32

define i32 @get() {
  %p = call ptr @llvm.threadlocal.address.p0(ptr @counter)
  %v = load i32, ptr %p
  ret i32 %v
}

declare ptr @llvm.threadlocal.address.p0(ptr)
