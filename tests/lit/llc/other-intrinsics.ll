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
