; The first example of the mem2reg seed (000): `int a; if (x > 0) a = 1;
; else a = 2; return a + y;`. The two stores are in `then` and `else`, the
; load in `merge`, so DF+({then, else}) = {merge} and `a` is live there: one
; phi with one entry per predecessor, and the alloca, stores and load vanish.
; The phi takes the alloca's name with a version suffix (`%a.0`), as LLVM's
; mem2reg names it.

; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM

define i32 @foo(i32 %x, i32 %y) {
; CHECK-LABEL: define i32 @foo(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[CMP:%.*]] = icmp sgt i32 %x, 0
; CHECK-NEXT:    br i1 [[CMP]], label %then, label %else
; CHECK:       then:
; CHECK-NEXT:    br label %merge
; CHECK:       else:
; CHECK-NEXT:    br label %merge
; CHECK:       merge:
; CHECK-NEXT:    %a.0 = phi i32 [ 1, %then ], [ 2, %else ]
; CHECK-NEXT:    [[RESULT:%.*]] = add i32 %a.0, %y
; CHECK-NEXT:    ret i32 [[RESULT]]
; CHECK-NEXT:  }
;
; LLVM's mem2reg places the same phi (this line guards the expectation).
; LLVM-LABEL: define i32 @foo(
; LLVM:       merge:
; LLVM-NEXT:    %a.0 = phi i32 [ 1, %then ], [ 2, %else ]
entry:
  %a = alloca i32
  %cmp = icmp sgt i32 %x, 0
  br i1 %cmp, label %then, label %else

then:
  store i32 1, ptr %a
  br label %merge

else:
  store i32 2, ptr %a
  br label %merge

merge:
  %a_val = load i32, ptr %a
  %result = add i32 %a_val, %y
  ret i32 %result
}
