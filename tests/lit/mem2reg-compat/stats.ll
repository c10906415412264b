; `<stats;compat>` adds the path breakdown. @paths has one alloca per path:
; %s single store, %b single block (two stores, so not single-store), %d dead (only lifetime markers), %g
; general (one phi).

; RUN: %opt -passes='pebble-mem2reg<stats;compat>' -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat;stats>' -print-pipeline-passes -disable-output %s \
; RUN:   | FileCheck %s --check-prefix=PIPE

; CHECK: pebble-mem2reg: @paths: promoted 4 allocas (1 single-store, 1 single-block, 1 dead), inserted 1 phis
; PIPE: function(pebble-mem2reg<stats;compat>)

declare void @llvm.lifetime.start.p0(i64, ptr)

define i32 @paths(i1 %c) {
entry:
  %s = alloca i32
  %b = alloca i32
  %d = alloca i32
  %g = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %d)
  store i32 1, ptr %s
  store i32 2, ptr %b
  %vb1 = load i32, ptr %b
  store i32 3, ptr %b
  %vb2 = load i32, ptr %b
  %vb = add i32 %vb1, %vb2
  store i32 0, ptr %g
  br i1 %c, label %t, label %m
t:
  store i32 5, ptr %g
  br label %m
m:
  %vs = load i32, ptr %s
  %vg = load i32, ptr %g
  %r1 = add i32 %vs, %vb
  %r2 = add i32 %r1, %vg
  ret i32 %r2
}
