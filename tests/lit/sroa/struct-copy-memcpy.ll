; A struct copied through memcpy: `struct pair x = *src; struct pair y = x;
; return y.b;`. Neither alloca is ever loaded whole, so each memcpy is split
; per field: the copy out of %src becomes two loads from %src (one at byte
; 4), the copy from %x into %y becomes nothing once both are promoted.
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s

%struct.pair = type { i32, i32 }

define i32 @pair_copy(ptr noundef %src) {
; CHECK-LABEL: define i32 @pair_copy(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[A:%x.sroa.0.0.copyload]] = load i32, ptr %src, align 4
; CHECK-NEXT:    [[P:%.*]] = getelementptr inbounds i8, ptr %src, i64 4
; CHECK-NEXT:    [[B:%x.sroa.4.0.copyload]] = load i32, ptr [[P]], align 4
; CHECK-NEXT:    ret i32 [[B]]
; CHECK-NEXT:  }
entry:
  %x = alloca %struct.pair, align 4
  %y = alloca %struct.pair, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %x, ptr align 4 %src, i64 8, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %y, ptr align 4 %x, i64 8, i1 false)
  %b = getelementptr inbounds %struct.pair, ptr %y, i32 0, i32 1
  %v = load i32, ptr %b, align 4
  ret i32 %v
}

; A struct of three ints of which only the first is read: the bytes [4, 12)
; are copied but never read, so they form one partition of the natural type
; of those bytes, the sub-struct { i32, i32 }, which stays in memory with its
; memcpys (LLVM's sroa leaves the same two allocas).
define i32 @triple_copy(ptr noundef %src) {
; CHECK-LABEL: define i32 @triple_copy(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[S4:%s.sroa.4]] = alloca { i32, i32 }, align 8
; CHECK-NEXT:    [[T4:%t.sroa.4]] = alloca { i32, i32 }, align 8
; CHECK-NEXT:    [[A:%.*]] = load i32, ptr %src, align 4
; CHECK-NEXT:    [[P:%.*]] = getelementptr inbounds i8, ptr %src, i64 4
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[S4]], ptr align 4 [[P]], i64 8, i1 false)
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 8 [[T4]], ptr align 8 [[S4]], i64 8, i1 false)
; CHECK-NEXT:    ret i32 [[A]]
entry:
  %s = alloca { i32, i32, i32 }, align 4
  %t = alloca { i32, i32, i32 }, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %s, ptr align 4 %src, i64 12, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %t, ptr align 4 %s, i64 12, i1 false)
  %v = load i32, ptr %t, align 4
  ret i32 %v
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
