; Clang returns `struct { int a, b, c; }` as `{ i64, i32 }` loaded whole
; from an alloca whose fields were stored one at a time. The aggregate load
; is first unfolded into one load per field (i64 at 0, i32 at 8, LLVM's
; AggLoadStoreRewriter); then the i64 load and the two i32 stores at bytes
; 0 and 4 form one 8-byte integer partition (integer widening: zext, shl,
; mask, or), the i32 at byte 8 another, and both are promoted.
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s

define { i64, i32 } @ret3(i32 %a, i32 %b, i32 %c) {
; CHECK-LABEL: define { i64, i32 } @ret3(
; CHECK-NOT:     alloca
; CHECK:         [[B:%.*]] = zext i32 %b to i64
; CHECK-NEXT:    [[BS:%.*]] = shl i64 [[B]], 32
; CHECK:         [[LO:%.*]] = or i64
; CHECK:         [[V0:%.*]] = insertvalue { i64, i32 } poison, i64 [[LO]], 0
; CHECK-NEXT:    [[V1:%.*]] = insertvalue { i64, i32 } [[V0]], i32 %c, 1
; CHECK-NEXT:    ret { i64, i32 } [[V1]]
entry:
  %retval = alloca { i32, i32, i32 }, align 4
  %coerce = alloca { i64, i32 }, align 8
  store i32 %a, ptr %retval, align 4
  %f1 = getelementptr inbounds { i32, i32, i32 }, ptr %retval, i32 0, i32 1
  store i32 %b, ptr %f1, align 4
  %f2 = getelementptr inbounds { i32, i32, i32 }, ptr %retval, i32 0, i32 2
  store i32 %c, ptr %f2, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %coerce, ptr align 4 %retval, i64 12, i1 false)
  %r = load { i64, i32 }, ptr %coerce, align 8
  ret { i64, i32 } %r
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
