; The seed's sroa.c (Algorithm 16.4.5's box): `struct pair p = {0, 1}` is
; initialised by a memcpy from a constant and copied from `q` every
; iteration. SROA splits %p and %q into one i32 alloca per field
; (%p.sroa.0, %p.sroa.4: the byte offset is in the name), splits both
; memcpys per field (the initialiser becomes two loads of the constant), and
; promotes: exactly two phis besides %i's, no alloca or memcpy left, the
; same shape LLVM's own sroa gives (second RUN line).
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s
; RUN: %opt -passes='pebble-sroa<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s --check-prefix=SHAPE
; RUN: opt -passes=sroa -S %s | FileCheck %s --check-prefix=SHAPE

; STATS: pebble-sroa: @fibp: split 2 allocas into 4 slices, promoted 6 allocas, inserted 3 phis, speculated 0 loads, poisoned 0 dead uses

%struct.pair = type { i32, i32 }

@__const.fibp.p = private unnamed_addr constant %struct.pair { i32 0, i32 1 }, align 4

define i32 @fibp(i32 noundef %n) {
; CHECK-LABEL: define i32 @fibp(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[A0:%p.sroa.0.0.copyload]] = load i32, ptr @__const.fibp.p, align 4
; CHECK-NEXT:    [[B0:%p.sroa.4.0.copyload]] = load i32, ptr getelementptr inbounds (i8, ptr @__const.fibp.p, i64 4), align 4
; CHECK-NEXT:    br label %for.cond
; CHECK:       for.cond:
; The phis' order within the block follows the order promotion sees the
; allocas in (LLVM's is the order SROA queued them), so it is not checked.
; CHECK-DAG:     %p.sroa.0.0 = phi i32 [ [[A0]], %entry ], [ %p.sroa.4.0, %for.inc ]
; CHECK-DAG:     %p.sroa.4.0 = phi i32 [ [[B0]], %entry ], [ %add, %for.inc ]
; CHECK-DAG:     %i.0 = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
; CHECK:         %cmp = icmp slt i32 %i.0, %n
; CHECK:       for.body:
; CHECK-NEXT:    %add = add nsw i32 %p.sroa.0.0, %p.sroa.4.0
; CHECK-NEXT:    br label %for.inc
; CHECK:       for.end:
; CHECK-NEXT:    ret i32 %p.sroa.0.0
;
; SHAPE-LABEL: define i32 @fibp(
; SHAPE-NOT:     alloca
; SHAPE-NOT:     memcpy
; SHAPE-COUNT-3: = phi i32
; SHAPE-NOT:     phi
; SHAPE-NOT:     memcpy
; SHAPE:         ret i32
entry:
  %n.addr = alloca i32, align 4
  %p = alloca %struct.pair, align 4
  %i = alloca i32, align 4
  %q = alloca %struct.pair, align 4
  store i32 %n, ptr %n.addr, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 @__const.fibp.p, i64 8, i1 false)
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %a = getelementptr inbounds %struct.pair, ptr %q, i32 0, i32 0
  %b = getelementptr inbounds %struct.pair, ptr %p, i32 0, i32 1
  %2 = load i32, ptr %b, align 4
  store i32 %2, ptr %a, align 4
  %b1 = getelementptr inbounds %struct.pair, ptr %q, i32 0, i32 1
  %a2 = getelementptr inbounds %struct.pair, ptr %p, i32 0, i32 0
  %3 = load i32, ptr %a2, align 4
  %b3 = getelementptr inbounds %struct.pair, ptr %p, i32 0, i32 1
  %4 = load i32, ptr %b3, align 4
  %add = add nsw i32 %3, %4
  store i32 %add, ptr %b1, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 %q, i64 8, i1 false)
  br label %for.inc

for.inc:
  %5 = load i32, ptr %i, align 4
  %inc = add nsw i32 %5, 1
  store i32 %inc, ptr %i, align 4
  br label %for.cond

for.end:
  %a4 = getelementptr inbounds %struct.pair, ptr %p, i32 0, i32 0
  %6 = load i32, ptr %a4, align 4
  ret i32 %6
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
