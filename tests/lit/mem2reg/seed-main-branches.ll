; The `main` of the SSA seed (004), as clang 19 -O0 emits it (generated from
; seed-main-branches.c with `clang-19 --target=x86_64-unknown-linux-gnu -O0
; -Xclang -disable-O0-optnone -fno-discard-value-names -S -emit-llvm`, module
; flags trimmed). b = -1 / b = 1 on the two branches, returned at if.end.
; All four allocas go; the single-store slots %x and %y are replaced by
; their constants, %retval (stored, never loaded) disappears, and %b gets
; exactly the seed's phi [-1, if.then], [1, if.else]. The result is what
; the seed shows and what LLVM's mem2reg prints (second RUN line).

; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s
; RUN: opt -passes=mem2reg -S %s | FileCheck %s

; CHECK-LABEL: define dso_local i32 @main(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %add = add nsw i32 2, 1
; CHECK-NEXT:    %cmp = icmp sgt i32 %add, 3
; CHECK-NEXT:    br i1 %cmp, label %if.then, label %if.else
; CHECK:       if.then:
; CHECK-NEXT:    br label %if.end
; CHECK:       if.else:
; CHECK-NEXT:    br label %if.end
; CHECK:       if.end:
; CHECK-NEXT:    %b.0 = phi i32 [ -1, %if.then ], [ 1, %if.else ]
; CHECK-NEXT:    ret i32 %b.0
; CHECK-NEXT:  }

source_filename = "seed-main-branches.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define dso_local i32 @main() {
entry:
  %retval = alloca i32, align 4
  %x = alloca i32, align 4
  %y = alloca i32, align 4
  %b = alloca i32, align 4
  store i32 0, ptr %retval, align 4
  store i32 2, ptr %x, align 4
  store i32 3, ptr %y, align 4
  %0 = load i32, ptr %x, align 4
  %add = add nsw i32 %0, 1
  %1 = load i32, ptr %y, align 4
  %cmp = icmp sgt i32 %add, %1
  br i1 %cmp, label %if.then, label %if.else

if.then:                                          ; preds = %entry
  store i32 -1, ptr %b, align 4
  br label %if.end

if.else:                                          ; preds = %entry
  store i32 1, ptr %b, align 4
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  %2 = load i32, ptr %b, align 4
  ret i32 %2
}
