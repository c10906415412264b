; A copy between two parts of one alloca (`s.pts[0] = s.pts[1]`): both
; sides are unsplittable slices; the copy first becomes a memcpy between
; the two new allocas, which are then revisited and split like any copy
; between distinct allocas. Nothing is left in memory.
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s

%struct.point = type { i32, i32 }

define i32 @self_copy(i32 %x) {
; CHECK-LABEL: define i32 @self_copy(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i32 %x
entry:
  %pts = alloca [2 x %struct.point], align 4
  %p1 = getelementptr inbounds [2 x %struct.point], ptr %pts, i64 0, i64 1
  store i32 %x, ptr %p1, align 4
  %p1y = getelementptr inbounds %struct.point, ptr %p1, i32 0, i32 1
  store i32 0, ptr %p1y, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %pts, ptr align 4 %p1, i64 8, i1 false)
  %v = load i32, ptr %pts, align 4
  ret i32 %v
}

; Copying a range onto itself is a no-op and is deleted.
define i32 @copy_onto_itself(i32 %x) {
; CHECK-LABEL: define i32 @copy_onto_itself(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i32 %x
entry:
  %p = alloca %struct.point, align 4
  store i32 %x, ptr %p, align 4
  %q = getelementptr inbounds i8, ptr %p, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 %q, i64 8, i1 false)
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
