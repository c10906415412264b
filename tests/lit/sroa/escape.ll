; An aggregate whose address escapes to a call must stay exactly as it is:
; the callee may read or write any byte. Its memcpy stays too.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; STATS: pebble-sroa: @escapes: split 0 allocas into 0 slices, promoted 0 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses

%struct.pair = type { i32, i32 }

@__const.p = private unnamed_addr constant %struct.pair { i32 7, i32 8 }, align 4

declare void @touch(ptr)

define i32 @escapes() {
; CHECK-LABEL: define i32 @escapes(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %p = alloca %struct.pair, align 4
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 @__const.p, i64 8, i1 false)
; CHECK-NEXT:    call void @touch(ptr %p)
; CHECK-NEXT:    %b = getelementptr inbounds %struct.pair, ptr %p, i32 0, i32 1
; CHECK-NEXT:    %v = load i32, ptr %b, align 4
; CHECK-NEXT:    ret i32 %v
entry:
  %p = alloca %struct.pair, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 @__const.p, i64 8, i1 false)
  call void @touch(ptr %p)
  %b = getelementptr inbounds %struct.pair, ptr %p, i32 0, i32 1
  %v = load i32, ptr %b, align 4
  ret i32 %v
}

; A volatile access must stay one access to memory.
define i32 @volatile_field() {
; CHECK-LABEL: define i32 @volatile_field(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %p = alloca %struct.pair, align 4
; CHECK:         store volatile i32 1, ptr %p
; CHECK:         load i32, ptr %b
entry:
  %p = alloca %struct.pair, align 4
  store volatile i32 1, ptr %p, align 4
  %b = getelementptr inbounds %struct.pair, ptr %p, i32 0, i32 1
  store i32 2, ptr %b, align 4
  %v = load i32, ptr %b, align 4
  ret i32 %v
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
