; llvm.frameaddress of depth 1 would walk to the caller's frame, which the
; back end does not link through a frame pointer: refused (depth 0 is
; compiled).
; EXPECT: pebble llc: @f: unsupported: llvm.frameaddress of a depth other than 0: %p = call ptr @llvm.frameaddress.p0(i32 1)
target triple = "riscv64-unknown-linux-gnu"

define ptr @f() {
  %p = call ptr @llvm.frameaddress.p0(i32 1)
  ret ptr %p
}

declare ptr @llvm.frameaddress.p0(i32)
