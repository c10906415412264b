; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Floating-point constants fold (sccp::float). Operands become constants
; only through the solver (phis of two edges with one value). Every folded
; value below is what `opt -passes=sccp` prints on LLVM 19 and on LLVM 22;
; the comments say where we deliberately fold less.

; IEEE arithmetic on float and double, as Rust's f32/f64 compute it: each
; float step rounds to single precision (16777216 + 1.5), 0/0 is the
; preferred NaN, 1/0 is +inf. `ninf`/`nnan` make an infinite or NaN result
; poison: left alone (LLVM 19 and 22 fold them to inf and NaN, a
; refinement of poison we do not make). fneg, fabs and copysign move only
; the sign bit.
define void @arith(i1 %c) {
; CHECK-LABEL: define void @arith(
; CHECK:         %ninf = fdiv ninf double 1.000000e+00, 0.000000e+00
; CHECK-NEXT:    %nnan = fdiv nnan double 0.000000e+00, 0.000000e+00
; CHECK-NEXT:    call void @used(double 0x3FD3333333333334, double 0.000000e+00, double 1.000000e+01, double 0x3FB999999999997C, double 0x7FF8000000000000, double 0x7FF0000000000000, double %ninf, double %nnan, double 2.000000e-01, double -0.000000e+00, double 0.000000e+00)
; CHECK-NEXT:    call void @usef(float 4.500000e+00, float -1.500000e+00, float 0x4170000020000000)
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi double [ 0.1, %a ], [ 0.1, %b ]
  %f = phi float [ 1.5, %a ], [ 1.5, %b ]
  %z = phi double [ 0.0, %a ], [ 0.0, %b ]
  %add = fadd double %x, 0.2
  %sub = fsub double %x, 0.1
  %mul = fmul float %f, 3.0
  %div = fdiv double 1.0, %x
  %rem = frem double 7.5, %x
  %nan = fdiv double %z, %z
  %inf = fdiv double 1.0, %z
  %ninf = fdiv ninf double 1.0, %z
  %nnan = fdiv nnan double %z, %z
  %nnanok = fmul nnan double %x, 2.0
  %neg = fneg double %z
  %abs = call double @llvm.fabs.f64(double %neg)
  %cs = call float @llvm.copysign.f32(float %f, float -0.0)
  %fi = fadd float %f, 16777216.0
  call void @used(double %add, double %sub, double %div, double %rem, double %nan, double %inf, double %ninf, double %nnan, double %nnanok, double %neg, double %abs)
  call void @usef(float %mul, float %cs, float %fi)
  ret void
}


; All 16 fcmp predicates, with NaN (unordered) and signed zeros (equal).
; `fcmp nnan` with a NaN operand is poison: left alone (LLVM folds it).
define void @compare(i1 %c) {
; CHECK-LABEL: define void @compare(
; CHECK:         %c10 = fcmp nnan oeq double 0x7FF8000000000000, 1.000000e+00
; CHECK-NEXT:    call void @usec(i1 true, i1 false, i1 true, i1 false, i1 true, i1 true, i1 true, i1 true, i1 false, i1 %c10, i1 true, i1 true, i1 false, i1 true, i1 true, i1 false, i1 true)
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi double [ 1.0, %a ], [ 1.0, %b ]
  %z = phi double [ 0.0, %a ], [ 0.0, %b ]
  %nan = fdiv double %z, %z
  %nz = fneg double %z
  %c1 = fcmp oeq double %z, %nz
  %c2 = fcmp one double %z, %nz
  %c3 = fcmp uno double %nan, %x
  %c4 = fcmp ord double %nan, %x
  %c5 = fcmp ult double %nan, %x
  %c6 = fcmp olt double %x, 2.0
  %c7 = fcmp ueq double %x, 1.0
  %c8 = fcmp true double %nan, %x
  %c9 = fcmp false double %x, %x
  %c10 = fcmp nnan oeq double %nan, %x
  %c11 = fcmp une double %nan, %nan
  %c12 = fcmp oge double %x, 1.0
  %c13 = fcmp ugt double %x, 1.0
  %c14 = fcmp ole double %nz, %z
  %c15 = fcmp uge double %nan, %nan
  %c16 = fcmp ule double %x, 0.5
  %c17 = fcmp ogt double %x, 0.5
  call void @usec(i1 %c1, i1 %c2, i1 %c3, i1 %c4, i1 %c5, i1 %c6, i1 %c7, i1 %c8, i1 %c9, i1 %c10, i1 %c11, i1 %c12, i1 %c13, i1 %c14, i1 %c15, i1 %c16, i1 %c17)
  ret void
}


; fptosi/fptoui truncate toward zero; out of range is poison, left alone
; (LLVM folds it to undef). sitofp/uitofp round to nearest even
; (2^53 + 1 -> 2^53); `uitofp nneg` of a negative value is poison (LLVM
; folds it as plain uitofp). fptrunc rounds, fpext is exact.
define void @convert(i1 %c) {
; CHECK-LABEL: define void @convert(
; CHECK:         %s2 = fptosi double 3.000000e+02 to i8
; CHECK-NEXT:    %u1 = fptoui double -1.900000e+00 to i32
; CHECK-NEXT:    %f3 = uitofp nneg i32 -1 to float
; CHECK-NEXT:    call void @usei(i32 -1, i8 %s2, i32 %u1, i16 300)
; CHECK-NEXT:    call void @used4(double 0x4340000000000000, float 0x41F0000000000000, float %f3, double -1.000000e+00, float 0xBFFE666660000000, double 0xBFFE666660000000)
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi double [ -1.9, %a ], [ -1.9, %b ]
  %big = phi double [ 300.0, %a ], [ 300.0, %b ]
  %i = phi i64 [ 9007199254740993, %a ], [ 9007199254740993, %b ]
  %m = phi i32 [ -1, %a ], [ -1, %b ]
  %s1 = fptosi double %x to i32
  %s2 = fptosi double %big to i8
  %u1 = fptoui double %x to i32
  %u2 = fptoui double %big to i16
  %f1 = sitofp i64 %i to double
  %f2 = uitofp i32 %m to float
  %f3 = uitofp nneg i32 %m to float
  %f4 = sitofp i32 %m to double
  %e = fptrunc double %x to float
  %g = fpext float %e to double
  call void @usei(i32 %s1, i8 %s2, i32 %u1, i16 %u2)
  call void @used4(double %f1, float %f2, float %f3, double %f4, float %e, double %g)
  ret void
}


; In a strictfp function nothing floating-point is evaluated (the rounding
; mode may be dynamic); LLVM 19 and 22 fold this fdiv.
define double @strict(i1 %c) strictfp {
; CHECK-LABEL: define double @strict(
; CHECK:         %y = fdiv double %x, 3.000000e+00
; CHECK-NEXT:    ret double %y
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi double [ 1.0, %a ], [ 1.0, %b ]
  %y = fdiv double %x, 3.0
  ret double %y
}


; With a denormal mode other than IEEE, a subnormal operand or result is
; not folded: LLVM 19 keeps the subnormal (0x3824000000000000) and LLVM 22
; flushes it (0x3820000000000000). The normal product 2^-126 * 2 folds.
define float @denormal(i1 %c) "denormal-fp-math"="preserve-sign,preserve-sign" {
; CHECK-LABEL: define float @denormal(
; CHECK:         %y = fmul float 0x3810000000000000, 5.000000e-01
; CHECK-NEXT:    %w = fadd float %y, 0x3820000000000000
; CHECK-NEXT:    ret float %w
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi float [ 0x3810000000000000, %a ], [ 0x3810000000000000, %b ]
  %y = fmul float %x, 0.5
  %z = fmul float %x, 2.0
  %w = fadd float %y, %z
  ret float %w
}

; bitcast between a float and an integer of its size keeps the bits (a
; subnormal too); a NaN is left (LLVM folds it, keeping its payload, which
; Pebble's float constants do not carry).
define void @bits(i1 %c) {
; CHECK-LABEL: define void @bits(
; CHECK:         %nan = bitcast i32 -1 to float
; CHECK-NEXT:    call void @usebits(double 2.000000e+00, float %nan, double 4.940660e-324, i32 -1077936128, i64 4611686018427387904)
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %i = phi i64 [ 4611686018427387904, %a ], [ 4611686018427387904, %b ]
  %k = phi i32 [ -1, %a ], [ -1, %b ]
  %sub = phi i64 [ 1, %a ], [ 1, %b ]
  %f = phi float [ -1.5, %a ], [ -1.5, %b ]
  %d = bitcast i64 %i to double
  %nan = bitcast i32 %k to float
  %tiny = bitcast i64 %sub to double
  %fi = bitcast float %f to i32
  %back = bitcast double %d to i64
  call void @usebits(double %d, float %nan, double %tiny, i32 %fi, i64 %back)
  ret void
}

declare double @llvm.fabs.f64(double)
declare float @llvm.copysign.f32(float, float)
declare void @used(double, double, double, double, double, double, double, double, double, double, double)
declare void @usef(float, float, float)
declare void @usec(i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1)
declare void @usei(i32, i8, i32, i16)
declare void @used4(double, float, float, double, float, double)
declare void @usebits(double, float, double, i32, i64)

