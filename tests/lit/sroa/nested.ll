; Nested structs: `struct rect { struct point lo, hi; }` with field accesses
; through two levels of constant GEPs, an inner struct copied with memcpy
; (r.lo = r.hi), and an array of points indexed by constants. Offsets come
; from the data layout. The copy within %r first splits it into its two
; points ([0, 8) and [8, 16), joined by a memcpy), which are revisited and
; split per field: 3 allocas split into 6 in all; the 4 fields are promoted.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; STATS: pebble-sroa: @nested: split 3 allocas into 6 slices, promoted 4 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @points: split 1 allocas into 3 slices, promoted 3 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses

%struct.point = type { i32, i32 }
%struct.rect = type { %struct.point, %struct.point }

define i32 @nested(i32 %x, i32 %y) {
; CHECK-LABEL: define i32 @nested(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %d = sub i32 %x, %y
; CHECK-NEXT:    ret i32 %d
entry:
  %r = alloca %struct.rect, align 4
  %hi = getelementptr inbounds %struct.rect, ptr %r, i32 0, i32 1
  %hi.x = getelementptr inbounds %struct.point, ptr %hi, i32 0, i32 0
  store i32 %x, ptr %hi.x, align 4
  %hi.y = getelementptr inbounds %struct.point, ptr %hi, i32 0, i32 1
  store i32 %y, ptr %hi.y, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %r, ptr align 4 %hi, i64 8, i1 false)
  %lo.y = getelementptr inbounds %struct.rect, ptr %r, i32 0, i32 0, i32 1
  %a = load i32, ptr %r, align 4
  %b = load i32, ptr %lo.y, align 4
  %d = sub i32 %a, %b
  ret i32 %d
}

define i32 @points() {
; CHECK-LABEL: define i32 @points(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %s = add i32 3, 6
; CHECK-NEXT:    ret i32 %s
entry:
  %pts = alloca [3 x %struct.point], align 16
  %p1y = getelementptr inbounds [3 x %struct.point], ptr %pts, i64 0, i64 1, i32 1
  store i32 3, ptr %p1y, align 4
  %p2 = getelementptr inbounds [3 x %struct.point], ptr %pts, i64 0, i64 2
  store i32 6, ptr %p2, align 8
  %p0 = getelementptr inbounds [3 x %struct.point], ptr %pts, i64 0, i64 0
  store i32 9, ptr %p0, align 16
  %u = load i32, ptr %p1y, align 4
  %v = load i32, ptr %p2, align 8
  %s = add i32 %u, %v
  ret i32 %s
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
