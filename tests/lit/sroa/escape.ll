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

; Known difference from LLVM (docs/sroa.md, "A volatile access is an
; escape"; csmith 21036 reduced): `%retval` has a volatile copy, so it stays
; whole, its copy from `%l` stays a memcpy, and `%l` stays too. LLVM slices
; the volatile copy, rewrites `%retval` as an `i32` whose copies become
; loads and stores, and promotes `%l`.
%union.U1 = type { i24 }
@__const.u1 = private unnamed_addr constant %union.U1 { i24 7 }, align 4

define i32 @volatile_copy_keeps_its_source(ptr %p, i1 %c) {
; CHECK-LABEL: define i32 @volatile_copy_keeps_its_source(
; CHECK:         %retval = alloca %union.U1
; CHECK-NEXT:    %l = alloca %union.U1
; CHECK:         call void @llvm.memcpy.p0.p0.i64(ptr align 4 %retval, ptr align 4 %l, i64 4, i1 false)
; CHECK:         call void @llvm.memcpy.p0.p0.i64(ptr align 4 %retval, ptr align 4 %p, i64 4, i1 true)
entry:
  %retval = alloca %union.U1, align 4
  %l = alloca %union.U1, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %l, ptr align 4 @__const.u1, i64 4, i1 false)
  br i1 %c, label %a, label %b

a:
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %retval, ptr align 4 %l, i64 4, i1 false)
  br label %r

b:
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %retval, ptr align 4 %p, i64 4, i1 true)
  br label %r

r:
  %v = load i32, ptr %retval, align 4
  ret i32 %v
}
