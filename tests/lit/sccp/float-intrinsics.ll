; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; The floating-point intrinsics whose IEEE result is exact fold
; (sccp::float): the square root (correctly rounded), the roundings, min
; and max, and fma/fmuladd with one rounding. Operands become constants
; only through the solver (phis of two edges with one value). Every folded
; value below is what `opt -passes=sccp` prints on LLVM 19 and on LLVM 22;
; the comments say where we deliberately fold less.

; sqrt of a negative value and of an infinity stays, as in LLVM (a NaN,
; and LLVM folds finite roots only); rounding an infinity is itself.
; rint and nearbyint round ties to even, round away from zero.
define void @unary(i1 %c) {
; CHECK-LABEL: define void @unary(
; CHECK:         %sqrtneg = call double @llvm.sqrt.f64(double -2.500000e+00)
; CHECK-NEXT:    %sqrtinf = call double @llvm.sqrt.f64(double 0x7FF0000000000000)
; CHECK-NEXT:    call void @use13(double 0x3FF94C583ADA5B53, double %sqrtneg, double -0.000000e+00, double %sqrtinf, double -3.000000e+00, double -2.000000e+00, double -2.000000e+00, double -3.000000e+00, double -2.000000e+00, double 2.000000e+00, double 2.000000e+00, double 0x7FF0000000000000, float 0x3FF6A09E60000000)
; CHECK-NEXT:    ret void
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi double [ 2.5, %a ], [ 2.5, %b ]
  %y = phi double [ -2.5, %a ], [ -2.5, %b ]
  %f = phi float [ 2.0, %a ], [ 2.0, %b ]
  %nz = phi double [ -0.0, %a ], [ -0.0, %b ]
  %inf = phi double [ 0x7FF0000000000000, %a ], [ 0x7FF0000000000000, %b ]
  %sqrt = call double @llvm.sqrt.f64(double %x)
  %sqrtf = call float @llvm.sqrt.f32(float %f)
  %sqrtneg = call double @llvm.sqrt.f64(double %y)
  %sqrtnz = call double @llvm.sqrt.f64(double %nz)
  %sqrtinf = call double @llvm.sqrt.f64(double %inf)
  %floor = call double @llvm.floor.f64(double %y)
  %ceil = call double @llvm.ceil.f64(double %y)
  %trunc = call double @llvm.trunc.f64(double %y)
  %round = call double @llvm.round.f64(double %y)
  %roundeven = call double @llvm.roundeven.f64(double %y)
  %rint = call double @llvm.rint.f64(double %x)
  %nearbyint = call double @llvm.nearbyint.f64(double %x)
  %floorinf = call double @llvm.floor.f64(double %inf)
  call void @use13(double %sqrt, double %sqrtneg, double %sqrtnz, double %sqrtinf, double %floor, double %ceil, double %trunc, double %round, double %roundeven, double %rint, double %nearbyint, double %floorinf, float %sqrtf)
  ret void
}

; min and max; -0.0 is below 0.0 in all four (LLVM 19 and 22 alike).
define void @min_max(i1 %c) {
; CHECK-LABEL: define void @min_max(
; CHECK:         call void @use8(double -2.500000e+00, double 2.500000e+00, double -2.500000e+00, double 2.500000e+00, double -0.000000e+00, double -0.000000e+00, double 2.500000e+00, double 0x7FF0000000000000)
; CHECK-NEXT:    call void @use4(double -0.000000e+00, double 0.000000e+00, double 0.000000e+00, double 0.000000e+00)
; CHECK-NEXT:    ret void
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi double [ 2.5, %a ], [ 2.5, %b ]
  %y = phi double [ -2.5, %a ], [ -2.5, %b ]
  %z = phi double [ 0.0, %a ], [ 0.0, %b ]
  %nz = phi double [ -0.0, %a ], [ -0.0, %b ]
  %inf = phi double [ 0x7FF0000000000000, %a ], [ 0x7FF0000000000000, %b ]
  %min = call double @llvm.minnum.f64(double %x, double %y)
  %max = call double @llvm.maxnum.f64(double %x, double %y)
  %minimum = call double @llvm.minimum.f64(double %x, double %y)
  %maximum = call double @llvm.maximum.f64(double %x, double %y)
  %minz = call double @llvm.minnum.f64(double %z, double %nz)
  %minimumz = call double @llvm.minimum.f64(double %z, double %nz)
  %maxeq = call double @llvm.maxnum.f64(double %x, double %x)
  %maxinf = call double @llvm.maxnum.f64(double %inf, double %x)
  call void @use8(double %min, double %max, double %minimum, double %maximum, double %minz, double %minimumz, double %maxeq, double %maxinf)
  %m1 = call double @llvm.minnum.f64(double %nz, double %z)
  %m2 = call double @llvm.maxnum.f64(double %z, double %nz)
  %m3 = call double @llvm.maxnum.f64(double %nz, double %z)
  %m4 = call double @llvm.maximum.f64(double %nz, double %z)
  call void @use4(double %m1, double %m2, double %m3, double %m4)
  ret void
}

; fma and fmuladd round once: (1 + 2^-27)^2 - 1 is 2^-26 + 2^-54
; (0x3E50000001000000), where a multiply and an add would give 2^-26.
; inf * 0 is a NaN, and `ninf` with an infinite result is poison: left
; alone (LLVM folds both, to NaN and to inf).
define void @fused(i1 %c) {
; CHECK-LABEL: define void @fused(
; CHECK:         %fmanan = call double @llvm.fma.f64(double 0x7FF0000000000000, double 0.000000e+00, double 2.500000e+00)
; CHECK-NEXT:    %fmaninf = call ninf double @llvm.fma.f64(double 0x7FF0000000000000, double 2.500000e+00, double 2.500000e+00)
; CHECK-NEXT:    call void @use6(double -3.750000e+00, double 3.752500e+03, float 0x3FF3333340000000, double %fmanan, double %fmaninf, double 0x3E50000001000000)
; CHECK-NEXT:    ret void
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi double [ 2.5, %a ], [ 2.5, %b ]
  %y = phi double [ -2.5, %a ], [ -2.5, %b ]
  %f = phi float [ 2.0, %a ], [ 2.0, %b ]
  %z = phi double [ 0.0, %a ], [ 0.0, %b ]
  %inf = phi double [ 0x7FF0000000000000, %a ], [ 0x7FF0000000000000, %b ]
  %e = phi double [ 0x3FF0000002000000, %a ], [ 0x3FF0000002000000, %b ]
  %fma = call double @llvm.fma.f64(double %x, double %y, double %x)
  %fmuladd = call double @llvm.fmuladd.f64(double 3.75, double 1000.0, double %x)
  %fmaf = call float @llvm.fma.f32(float %f, float 0x3FB99999A0000000, float 1.0)
  %fmanan = call double @llvm.fma.f64(double %inf, double %z, double %x)
  %fmaninf = call ninf double @llvm.fma.f64(double %inf, double %x, double %x)
  %fmaexact = call double @llvm.fmuladd.f64(double %e, double %e, double -1.0)
  call void @use6(double %fma, double %fmuladd, float %fmaf, double %fmanan, double %fmaninf, double %fmaexact)
  ret void
}

declare void @use13(double, double, double, double, double, double, double, double, double, double, double, double, float)
declare void @use8(double, double, double, double, double, double, double, double)
declare void @use6(double, double, float, double, double, double)
declare void @use4(double, double, double, double)
declare double @llvm.sqrt.f64(double)
declare float @llvm.sqrt.f32(float)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.roundeven.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.nearbyint.f64(double)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minimum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @llvm.fma.f64(double, double, double)
declare float @llvm.fma.f32(float, float, float)
declare double @llvm.fmuladd.f64(double, double, double)
