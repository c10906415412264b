; An array indexed by a variable: the GEP may reach any element, so the
; array is not splittable and stays, with its constant-initialising memcpy.
; The plain scalar %i next to it is still promoted (pebble-sroa can run
; instead of pebble-mem2reg).
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s

@__const.a = private unnamed_addr constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16

define i32 @sum(i32 %n) {
; CHECK-LABEL: define i32 @sum(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = alloca [4 x i32], align 16
; CHECK-NOT:     alloca
; CHECK:         call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 16 @__const.a, i64 16, i1 false)
; CHECK:         [[I:%.*]] = phi i32
; CHECK:         %idx = sext i32 [[I]] to i64
; CHECK-NEXT:    %e = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 %idx
; CHECK-NEXT:    %v = load i32, ptr %e, align 4
entry:
  %a = alloca [4 x i32], align 16
  %i = alloca i32, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 16 @__const.a, i64 16, i1 false)
  store i32 0, ptr %i, align 4
  br label %loop

loop:
  %iv = load i32, ptr %i, align 4
  %idx = sext i32 %iv to i64
  %e = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 %idx
  %v = load i32, ptr %e, align 4
  %inc = add i32 %iv, 1
  store i32 %inc, ptr %i, align 4
  %done = icmp eq i32 %inc, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %v
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
