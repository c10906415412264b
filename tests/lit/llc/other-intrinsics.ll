; Floating-point and other intrinsics: floor is a libm call (exact flags and
; errno), copysign one fsgnj, is.fpclass (here: NaN, mask 3) an fclass
; tested against the NaN bits 8 and 9 (768), objectsize of an unknown
; object -1, expect the value itself, assume and prefetch no code, trap an
; `unimp`, load.relative the table address plus the loaded offset.

; RUN: %pebble llc %s -o - | FileCheck %s

target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: floor:
; CHECK: call floor
define double @floor(double %x) {
  %r = call double @llvm.floor.f64(double %x)
  ret double %r
}

; CHECK-LABEL: sign:
; CHECK: fsgnj.d fa0, fa0, fa1
define double @sign(double %x, double %y) {
  %r = call double @llvm.copysign.f64(double %x, double %y)
  ret double %r
}

; CHECK-LABEL: isnan:
; CHECK: fclass.d
; CHECK: li {{[a-z0-9]+}}, 768
; CHECK: snez a0
define i1 @isnan(double %x) {
  %r = call i1 @llvm.is.fpclass.f64(double %x, i32 3)
  ret i1 %r
}

; CHECK-LABEL: size:
; CHECK-NEXT: .LBB{{.*}}:
; CHECK-NEXT: li a0, -1
; CHECK-NEXT: ret
define i64 @size(ptr %p, i64 %n) {
  call void @llvm.prefetch.p0(ptr %p, i32 0, i32 3, i32 1)
  call void @llvm.assume(i1 true)
  %s = call i64 @llvm.objectsize.i64.p0(ptr %p, i1 false, i1 true, i1 false)
  %e = call i64 @llvm.expect.i64(i64 %s, i64 7)
  ret i64 %e
}

; CHECK-LABEL: boom:
; CHECK: unimp
define void @boom() {
  call void @llvm.trap()
  unreachable
}

; CHECK-LABEL: relative:
; CHECK: lw [[OFF:[a-z0-9]+]], 0(
; CHECK: add a0, a0, [[OFF]]
define ptr @relative(ptr %table, i64 %i) {
  %r = call ptr @llvm.load.relative.i64(ptr %table, i64 %i)
  ret ptr %r
}

declare double @llvm.floor.f64(double)
declare double @llvm.copysign.f64(double, double)
declare i1 @llvm.is.fpclass.f64(double, i32)
declare void @llvm.prefetch.p0(ptr, i32, i32, i32)
declare void @llvm.assume(i1)
declare i64 @llvm.objectsize.i64.p0(ptr, i1, i1, i1)
declare i64 @llvm.expect.i64(i64, i64)
declare void @llvm.trap()
declare ptr @llvm.load.relative.i64(ptr, i64)

; A small constant-size memcpy becomes loads then stores of the widest
; width both alignments allow (12 bytes at align 4: three words); a large
; one stays a call.
; CHECK-LABEL: copy12:
; CHECK: lw
; CHECK: lw
; CHECK: lw
; CHECK: sw
; CHECK: sw
; CHECK: sw
; CHECK-NOT: call
; CHECK: ret
define void @copy12(ptr align 4 %d, ptr align 4 %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 12, i1 false)
  ret void
}

; CHECK-LABEL: copy4k:
; CHECK: call memcpy
define void @copy4k(ptr align 8 %d, ptr align 8 %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %s, i64 4096, i1 false)
  ret void
}

; memset of 16 bytes at align 8: the byte splatted by a multiply, two sd.
; CHECK-LABEL: clear16:
; CHECK: mul
; CHECK: sd
; CHECK: sd
; CHECK-NOT: call
define void @clear16(ptr align 8 %d, i8 %v) {
  call void @llvm.memset.p0.i64(ptr align 8 %d, i8 %v, i64 16, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
