; Phi order inside a block follows LLVM's processing order: an alloca
; finished by a fast path is replaced in the list by the last one, so with
; x, y, s (single store) and z the phis come out z, y, x; names count per
; alloca in layout order (%x.0, %x.1).
;
; Both RUN lines share the CHECK lines, which are LLVM 19's own output
; (regenerate with scripts/update-compat-checks): Pebble's compat mode must
; print exactly what `opt -passes=mem2reg` prints.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}}@order(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  br i1 %c, label %t, label %m
; CHECK-EMPTY:
; CHECK-NEXT:  t:
; CHECK-NEXT:  br label %m
; CHECK-EMPTY:
; CHECK-NEXT:  m:
; CHECK-NEXT:  %z.0 = phi i32 [ 1, %t ], [ 0, %entry ]
; CHECK-NEXT:  %y.0 = phi i32 [ 1, %t ], [ 0, %entry ]
; CHECK-NEXT:  %x.0 = phi i32 [ 1, %t ], [ 0, %entry ]
; CHECK-NEXT:  br i1 %d, label %u, label %n
; CHECK-EMPTY:
; CHECK-NEXT:  u:
; CHECK-NEXT:  br label %n
; CHECK-EMPTY:
; CHECK-NEXT:  n:
; CHECK-NEXT:  %x.1 = phi i32 [ 2, %u ], [ %x.0, %m ]
; CHECK-NEXT:  %r1 = add i32 %x.1, %y.0
; CHECK-NEXT:  %r2 = add i32 %r1, 9
; CHECK-NEXT:  %r3 = add i32 %r2, %z.0
; CHECK-NEXT:  ret i32 %r3
; CHECK-NEXT:  }
define i32 @order(i1 %c, i1 %d) {
entry:
  %x = alloca i32
  %y = alloca i32
  %s = alloca i32
  %z = alloca i32
  store i32 0, ptr %x
  store i32 0, ptr %y
  store i32 9, ptr %s
  store i32 0, ptr %z
  br i1 %c, label %t, label %m
t:
  store i32 1, ptr %x
  store i32 1, ptr %y
  store i32 1, ptr %z
  br label %m
m:
  br i1 %d, label %u, label %n
u:
  store i32 2, ptr %x
  br label %n
n:
  %a = load i32, ptr %x
  %b = load i32, ptr %y
  %e = load i32, ptr %s
  %f = load i32, ptr %z
  %r1 = add i32 %a, %b
  %r2 = add i32 %r1, %e
  %r3 = add i32 %r2, %f
  ret i32 %r3
}
