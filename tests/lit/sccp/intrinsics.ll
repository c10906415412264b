; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; Calls of integer intrinsics with constant arguments fold, as LLVM's sccp
; folds them (ConstantFoldCall), and some give ranges (@ranges): ctpop, ctlz, cttz, bswap, bitreverse,
; umin/umax/smin/smax, abs, fshl/fshr. The arguments here become constants
; only through the solver (a phi of one executable edge), so the folds are
; the solver's, not the IR parser's. The output is what `opt -passes=sccp`
; prints for the same input.

define void @fold(i1 %c) {
; CHECK-LABEL: define void @fold(
; CHECK:         call void @use(i32 5, i32 27, i32 4, i32 -2026692079, i8 -128, i32 16, i32 -1, i32 -1, i32 16, i32 16, i32 2147483647, i32 1)
entry:
  br i1 true, label %a, label %b
a:
  br label %join
b:
  br label %join
join:
  %x = phi i32 [ 16, %a ], [ 0, %b ]
  %m1 = phi i32 [ -1, %a ], [ 0, %b ]
  %one = phi i8 [ 1, %a ], [ 0, %b ]
  %p = call i32 @llvm.ctpop.i32(i32 31)
  %l = call i32 @llvm.ctlz.i32(i32 %x, i1 true)
  %t = call i32 @llvm.cttz.i32(i32 %x, i1 true)
  %s = call i32 @llvm.bswap.i32(i32 287454087)
  %r = call i8 @llvm.bitreverse.i8(i8 %one)
  %umin = call i32 @llvm.umin.i32(i32 %x, i32 %m1)
  %umax = call i32 @llvm.umax.i32(i32 %x, i32 %m1)
  %smin = call i32 @llvm.smin.i32(i32 %x, i32 %m1)
  %smax = call i32 @llvm.smax.i32(i32 %x, i32 %m1)
  %abs = call i32 @llvm.abs.i32(i32 -16, i1 true)
  %fl = call i32 @llvm.fshl.i32(i32 %x, i32 %m1, i32 31)
  %fr = call i32 @llvm.fshr.i32(i32 %x, i32 3, i32 1)
  %p1 = add i32 %p, 0
  %s1 = add i32 %s, 0
  call void @use(i32 %p1, i32 %l, i32 %t, i32 %s1, i8 %r, i32 %umin, i32 %umax, i32 %smin, i32 %smax, i32 %abs, i32 %fl, i32 %fr)
  ret void
}

; Must not: ctlz of 0 with "zero is poison", abs of INT_MIN with "INT_MIN is
; poison", an unknown argument.
define void @keep(i32 %y) {
; CHECK-LABEL: define void @keep(
; CHECK:         %l = call i32 @llvm.ctlz.i32(i32 0, i1 true)
; CHECK-NEXT:    %a = call i32 @llvm.abs.i32(i32 -2147483648, i1 true)
; CHECK-NEXT:    %u = call i32 @llvm.ctpop.i32(i32 %y)
entry:
  br label %b
b:
  %z = phi i32 [ 0, %entry ]
  %min = phi i32 [ -2147483648, %entry ]
  %l = call i32 @llvm.ctlz.i32(i32 %z, i1 true)
  %a = call i32 @llvm.abs.i32(i32 %min, i1 true)
  %u = call i32 @llvm.ctpop.i32(i32 %y)
  call void @use(i32 %l, i32 %a, i32 %u)
  ret void
}

; Ranges of results from ranges of arguments (LLVM's
; `ConstantRange::intrinsic`): ctpop of anything is at most 32, ctlz of a
; byte at least 24, abs with "INT_MIN is poison" not negative, umin with a
; byte below 256. What LLVM 19's and 22's sccp print too.
declare void @use1(i1)
define void @ranges(i32 %x, i8 %b) {
; CHECK-LABEL: define void @ranges(
; CHECK:         call void @use1(i1 true)
; CHECK:         call void @use1(i1 true)
; CHECK:         call void @use1(i1 true)
; CHECK:         call void @use1(i1 true)
; CHECK-NOT:     icmp
  %p = call i32 @llvm.ctpop.i32(i32 %x)
  %c1 = icmp ule i32 %p, 32
  call void @use1(i1 %c1)
  %z = zext i8 %b to i32
  %l = call i32 @llvm.ctlz.i32(i32 %z, i1 false)
  %c2 = icmp uge i32 %l, 24
  call void @use1(i1 %c2)
  %a = call i32 @llvm.abs.i32(i32 %x, i1 true)
  %c3 = icmp sge i32 %a, 0
  call void @use1(i1 %c3)
  %m = call i32 @llvm.umin.i32(i32 %x, i32 %z)
  %c4 = icmp ult i32 %m, 256
  call void @use1(i1 %c4)
  ret void
}

declare void @use(...)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bswap.i32(i32)
declare i8 @llvm.bitreverse.i8(i8)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.fshr.i32(i32, i32, i32)
