; `int a[4] = {0}; a[2] = 5; return a[1] + a[2];`: the memset of the whole
; array is split into one store of zero per element partition (the
; elements a[0] and a[3] are only memset, the memset's run [0, 8) stops where
; the store to a[2] begins), and everything is promoted.
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s

define i32 @zero_array() {
; CHECK-LABEL: define i32 @zero_array(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %add = add nsw i32 0, 5
; CHECK-NEXT:    ret i32 %add
; CHECK-NEXT:  }
entry:
  %a = alloca [4 x i32], align 16
  call void @llvm.memset.p0.i64(ptr align 16 %a, i8 0, i64 16, i1 false)
  %e2 = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 2
  store i32 5, ptr %e2, align 8
  %e1 = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 1
  %x = load i32, ptr %e1, align 4
  %y = load i32, ptr %e2, align 8
  %add = add nsw i32 %x, %y
  ret i32 %add
}

; A memset with a non-constant byte over two i16 elements: each element
; gets the byte splatted to 16 bits (zext, multiply by 0x0101); element 1 is
; returned.
define i16 @splat(i8 %c) {
; CHECK-LABEL: define i16 @splat(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[W0:%.*]] = zext i8 %c to i16
; CHECK-NEXT:    [[S0:%.*]] = mul i16 [[W0]], 257
; CHECK-NEXT:    [[W1:%.*]] = zext i8 %c to i16
; CHECK-NEXT:    [[S1:%.*]] = mul i16 [[W1]], 257
; CHECK-NEXT:    ret i16 [[S1]]
entry:
  %a = alloca [2 x i16], align 2
  call void @llvm.memset.p0.i64(ptr align 2 %a, i8 %c, i64 4, i1 false)
  %e1 = getelementptr inbounds [2 x i16], ptr %a, i64 0, i64 1
  %v = load i16, ptr %e1, align 2
  %w = load i16, ptr %a, align 2
  ret i16 %v
}

declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)
