; Generated from differential-control.c by: clang-19 --target=x86_64-unknown-linux-gnu -O0
;   -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm (input of differential.test)
source_filename = "control.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @nested(i32 noundef %n, i32 noundef %m) #0 {
entry:
  %n.addr = alloca i32, align 4
  %m.addr = alloca i32, align 4
  %s = alloca i32, align 4
  %i = alloca i32, align 4
  %j = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 %m, ptr %m.addr, align 4
  store i32 0, ptr %s, align 4
  store i32 0, ptr %i, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc9, %entry
  %0 = load i32, ptr %i, align 4
  %1 = load i32, ptr %n.addr, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end11

for.body:                                         ; preds = %for.cond
  store i32 0, ptr %j, align 4
  br label %for.cond1

for.cond1:                                        ; preds = %for.inc, %for.body
  %2 = load i32, ptr %j, align 4
  %3 = load i32, ptr %m.addr, align 4
  %cmp2 = icmp slt i32 %2, %3
  br i1 %cmp2, label %for.body3, label %for.end

for.body3:                                        ; preds = %for.cond1
  %4 = load i32, ptr %i, align 4
  %5 = load i32, ptr %j, align 4
  %add = add nsw i32 %4, %5
  %rem = srem i32 %add, 3
  %cmp4 = icmp eq i32 %rem, 0
  br i1 %cmp4, label %if.then, label %if.end

if.then:                                          ; preds = %for.body3
  br label %for.inc

if.end:                                           ; preds = %for.body3
  %6 = load i32, ptr %j, align 4
  %cmp5 = icmp sgt i32 %6, 10
  br i1 %cmp5, label %if.then6, label %if.end7

if.then6:                                         ; preds = %if.end
  br label %for.end

if.end7:                                          ; preds = %if.end
  %7 = load i32, ptr %i, align 4
  %8 = load i32, ptr %j, align 4
  %mul = mul nsw i32 %7, %8
  %9 = load i32, ptr %s, align 4
  %add8 = add nsw i32 %9, %mul
  store i32 %add8, ptr %s, align 4
  br label %for.inc

for.inc:                                          ; preds = %if.end7, %if.then
  %10 = load i32, ptr %j, align 4
  %inc = add nsw i32 %10, 1
  store i32 %inc, ptr %j, align 4
  br label %for.cond1, !llvm.loop !6

for.end:                                          ; preds = %if.then6, %for.cond1
  br label %for.inc9

for.inc9:                                         ; preds = %for.end
  %11 = load i32, ptr %i, align 4
  %inc10 = add nsw i32 %11, 1
  store i32 %inc10, ptr %i, align 4
  br label %for.cond, !llvm.loop !8

for.end11:                                        ; preds = %for.cond
  %12 = load i32, ptr %s, align 4
  ret i32 %12
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @sw(i32 noundef %k, i32 noundef %x) #0 {
entry:
  %k.addr = alloca i32, align 4
  %x.addr = alloca i32, align 4
  %r = alloca i32, align 4
  store i32 %k, ptr %k.addr, align 4
  store i32 %x, ptr %x.addr, align 4
  store i32 1, ptr %r, align 4
  %0 = load i32, ptr %k.addr, align 4
  switch i32 %0, label %sw.default [
    i32 0, label %sw.bb
    i32 1, label %sw.bb1
    i32 2, label %sw.bb2
    i32 3, label %sw.bb2
  ]

sw.bb:                                            ; preds = %entry
  %1 = load i32, ptr %x.addr, align 4
  store i32 %1, ptr %r, align 4
  br label %sw.bb1

sw.bb1:                                           ; preds = %entry, %sw.bb
  %2 = load i32, ptr %r, align 4
  %add = add nsw i32 %2, 2
  store i32 %add, ptr %r, align 4
  br label %sw.epilog

sw.bb2:                                           ; preds = %entry, %entry
  %3 = load i32, ptr %x.addr, align 4
  %mul = mul nsw i32 %3, 2
  store i32 %mul, ptr %r, align 4
  br label %sw.epilog

sw.default:                                       ; preds = %entry
  %4 = load i32, ptr %x.addr, align 4
  %sub = sub nsw i32 0, %4
  store i32 %sub, ptr %r, align 4
  br label %sw.epilog

sw.epilog:                                        ; preds = %sw.default, %sw.bb2, %sw.bb1
  %5 = load i32, ptr %r, align 4
  ret i32 %5
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @dowhile(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %c = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %a, align 4
  store i32 1, ptr %b, align 4
  br label %do.body

do.body:                                          ; preds = %do.cond, %entry
  %0 = load i32, ptr %a, align 4
  %1 = load i32, ptr %b, align 4
  %add = add nsw i32 %0, %1
  store i32 %add, ptr %c, align 4
  %2 = load i32, ptr %b, align 4
  store i32 %2, ptr %a, align 4
  %3 = load i32, ptr %c, align 4
  store i32 %3, ptr %b, align 4
  %4 = load i32, ptr %n.addr, align 4
  %dec = add nsw i32 %4, -1
  store i32 %dec, ptr %n.addr, align 4
  br label %do.cond

do.cond:                                          ; preds = %do.body
  %5 = load i32, ptr %n.addr, align 4
  %cmp = icmp sgt i32 %5, 0
  br i1 %cmp, label %do.body, label %do.end, !llvm.loop !9

do.end:                                           ; preds = %do.cond
  %6 = load i32, ptr %c, align 4
  ret i32 %6
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @shortcircuit(i32 noundef %a, i32 noundef %b, i32 noundef %c) #0 {
entry:
  %a.addr = alloca i32, align 4
  %b.addr = alloca i32, align 4
  %c.addr = alloca i32, align 4
  %r = alloca i32, align 4
  store i32 %a, ptr %a.addr, align 4
  store i32 %b, ptr %b.addr, align 4
  store i32 %c, ptr %c.addr, align 4
  store i32 0, ptr %r, align 4
  %0 = load i32, ptr %a.addr, align 4
  %cmp = icmp sgt i32 %0, 0
  br i1 %cmp, label %land.lhs.true, label %if.end

land.lhs.true:                                    ; preds = %entry
  %1 = load i32, ptr %b.addr, align 4
  %cmp1 = icmp sgt i32 %1, 0
  br i1 %cmp1, label %if.then, label %lor.lhs.false

lor.lhs.false:                                    ; preds = %land.lhs.true
  %2 = load i32, ptr %c.addr, align 4
  %cmp2 = icmp sgt i32 %2, 0
  br i1 %cmp2, label %if.then, label %if.end

if.then:                                          ; preds = %lor.lhs.false, %land.lhs.true
  %3 = load i32, ptr %a.addr, align 4
  %tobool = icmp ne i32 %3, 0
  br i1 %tobool, label %cond.true, label %cond.false

cond.true:                                        ; preds = %if.then
  %4 = load i32, ptr %b.addr, align 4
  br label %cond.end

cond.false:                                       ; preds = %if.then
  %5 = load i32, ptr %c.addr, align 4
  br label %cond.end

cond.end:                                         ; preds = %cond.false, %cond.true
  %cond = phi i32 [ %4, %cond.true ], [ %5, %cond.false ]
  store i32 %cond, ptr %r, align 4
  br label %if.end

if.end:                                           ; preds = %cond.end, %lor.lhs.false, %entry
  br label %while.cond

while.cond:                                       ; preds = %if.end9, %if.end
  %6 = load i32, ptr %r, align 4
  %cmp3 = icmp slt i32 %6, 100
  br i1 %cmp3, label %land.rhs, label %land.end

land.rhs:                                         ; preds = %while.cond
  %7 = load i32, ptr %a.addr, align 4
  %cmp4 = icmp ne i32 %7, 0
  br label %land.end

land.end:                                         ; preds = %land.rhs, %while.cond
  %8 = phi i1 [ false, %while.cond ], [ %cmp4, %land.rhs ]
  br i1 %8, label %while.body, label %while.end

while.body:                                       ; preds = %land.end
  %9 = load i32, ptr %r, align 4
  %mul = mul nsw i32 %9, 2
  %10 = load i32, ptr %b.addr, align 4
  %11 = load i32, ptr %c.addr, align 4
  %cmp5 = icmp sgt i32 %10, %11
  %12 = zext i1 %cmp5 to i64
  %cond6 = select i1 %cmp5, i32 1, i32 0
  %add = add nsw i32 %mul, %cond6
  store i32 %add, ptr %r, align 4
  %13 = load i32, ptr %r, align 4
  %cmp7 = icmp eq i32 %13, 42
  br i1 %cmp7, label %if.then8, label %if.end9

if.then8:                                         ; preds = %while.body
  br label %out

if.end9:                                          ; preds = %while.body
  br label %while.cond, !llvm.loop !10

while.end:                                        ; preds = %land.end
  %14 = load i32, ptr %r, align 4
  %sub = sub nsw i32 0, %14
  store i32 %sub, ptr %r, align 4
  br label %out

out:                                              ; preds = %while.end, %if.then8
  %15 = load i32, ptr %r, align 4
  ret i32 %15
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @maybe_uninit(i32 noundef %c) #0 {
entry:
  %c.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
  %0 = load i32, ptr %c.addr, align 4
  %tobool = icmp ne i32 %0, 0
  br i1 %tobool, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  store i32 1, ptr %x, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %1 = load i32, ptr %x, align 4
  ret i32 %1
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @collatz(i32 noundef %n) #0 {
entry:
  %n.addr = alloca i32, align 4
  %steps = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %steps, align 4
  br label %while.cond

while.cond:                                       ; preds = %if.end, %entry
  %0 = load i32, ptr %n.addr, align 4
  %cmp = icmp ne i32 %0, 1
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %1 = load i32, ptr %n.addr, align 4
  %rem = srem i32 %1, 2
  %tobool = icmp ne i32 %rem, 0
  br i1 %tobool, label %if.then, label %if.else

if.then:                                          ; preds = %while.body
  %2 = load i32, ptr %n.addr, align 4
  %mul = mul nsw i32 3, %2
  %add = add nsw i32 %mul, 1
  store i32 %add, ptr %n.addr, align 4
  br label %if.end

if.else:                                          ; preds = %while.body
  %3 = load i32, ptr %n.addr, align 4
  %div = sdiv i32 %3, 2
  store i32 %div, ptr %n.addr, align 4
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  %4 = load i32, ptr %steps, align 4
  %inc = add nsw i32 %4, 1
  store i32 %inc, ptr %steps, align 4
  br label %while.cond, !llvm.loop !11

while.end:                                        ; preds = %while.cond
  %5 = load i32, ptr %steps, align 4
  ret i32 %5
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
!10 = distinct !{!10, !7}
!11 = distinct !{!11, !7}
