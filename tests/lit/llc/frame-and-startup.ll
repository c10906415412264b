; Constructs of the C runtime's edges: llvm.debugtrap is `ebreak` and
; execution continues (as llc); llvm.returnaddress(0) is ra itself in a
; leaf and ra's save slot once the function calls; llvm.frameaddress(0) is
; the stack pointer at entry (sp plus the frame size; s0 plus it when a
; variable-length alloca moves sp), where llc points s0; constructors and
; destructors become .init_array/.fini_array entries, a non-default
; priority in a numbered section as llc names it; llvm.lround/llround
; call libm's lround/lroundf; a `tail` call is an ordinary call (the
; marker is a hint) and `notail` too.

; RUN: %pebble llc %s -o - | FileCheck %s

target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: breakpoint:
; CHECK: ebreak
; CHECK-NEXT: li a0, 7
; CHECK-NEXT: ret
define i32 @breakpoint() {
  call void @llvm.debugtrap()
  ret i32 7
}

; CHECK-LABEL: leaf_ra:
; CHECK-NOT: sd ra
; CHECK: mv a0, ra
; CHECK-NEXT: ret
define ptr @leaf_ra() {
  %r = call ptr @llvm.returnaddress(i32 0)
  ret ptr %r
}

; CHECK-LABEL: calling_ra:
; CHECK: sd ra, [[RA:[0-9]+]](sp)
; CHECK: call breakpoint
; CHECK: ld {{[a-z0-9]+}}, [[RA]](sp)
define ptr @calling_ra() {
  call i32 @breakpoint()
  %r = call ptr @llvm.returnaddress(i32 0)
  ret ptr %r
}

; CHECK-LABEL: frame:
; CHECK: addi sp, sp, -[[SIZE:[0-9]+]]
; CHECK: addi a0, sp, [[SIZE]]
define ptr @frame() {
  %local = alloca [4 x i64]
  call void @use(ptr %local)
  %f = call ptr @llvm.frameaddress.p0(i32 0)
  ret ptr %f
}

; CHECK-LABEL: frame_vla:
; CHECK: addi sp, sp, -[[SIZE:[0-9]+]]
; CHECK: mv s0, sp
; CHECK: addi a0, s0, [[SIZE]]
define ptr @frame_vla(i64 %n) {
  %vla = alloca i8, i64 %n
  call void @use(ptr %vla)
  %f = call ptr @llvm.frameaddress.p0(i32 0)
  ret ptr %f
}

; CHECK-LABEL: rounds:
; CHECK: call lround
; CHECK: call lroundf
define i64 @rounds(double %x, float %y) {
  %a = call i64 @llvm.lround.i64.f64(double %x)
  %b = call i64 @llvm.llround.i64.f32(float %y)
  %s = add i64 %a, %b
  ret i64 %s
}

; CHECK-LABEL: tails:
; CHECK: call leaf_ra
; CHECK: call leaf_ra
; CHECK: ret
define ptr @tails() {
  %a = notail call ptr @leaf_ra()
  %b = tail call ptr @leaf_ra()
  ret ptr %b
}

declare void @use(ptr)
declare void @llvm.debugtrap()
declare ptr @llvm.returnaddress(i32)
declare ptr @llvm.frameaddress.p0(i32)
declare i64 @llvm.lround.i64.f64(double)
declare i64 @llvm.llround.i64.f32(float)

; Sorted by priority, a null function ends the list (llc's
; preprocessXXStructorList).
; CHECK: .section .init_array.200,"aw",@init_array
; CHECK-NEXT: .p2align 3
; CHECK-NEXT: .quad frame
; CHECK: .section .init_array,"aw",@init_array
; CHECK-NEXT: .p2align 3
; CHECK-NEXT: .quad leaf_ra
; CHECK-NOT: .quad tails
; CHECK: .section .fini_array,"aw",@fini_array
; CHECK-NEXT: .p2align 3
; CHECK-NEXT: .quad breakpoint
@llvm.global_ctors = appending global [3 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @leaf_ra, ptr null }, { i32, ptr, ptr } { i32 200, ptr @frame, ptr null }, { i32, ptr, ptr } { i32 65535, ptr null, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @breakpoint, ptr null }]
