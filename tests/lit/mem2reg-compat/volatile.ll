; Volatile accesses keep their alloca (LLVM's
; 2007-08-27-VolatileLoadsStores); the other alloca is promoted.
;
; Both RUN lines share the CHECK lines, which are LLVM 19's own output
; (regenerate with scripts/update-compat-checks): Pebble's compat mode must
; print exactly what `opt -passes=mem2reg` prints.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}}@volatile_keeps(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  %x = alloca i32, align 4
; CHECK-NEXT:  store volatile i32 1, ptr %x, align 4
; CHECK-NEXT:  br i1 %c, label %t, label %e
; CHECK-EMPTY:
; CHECK-NEXT:  t:
; CHECK-NEXT:  store volatile i32 3, ptr %x, align 4
; CHECK-NEXT:  br label %e
; CHECK-EMPTY:
; CHECK-NEXT:  e:
; CHECK-NEXT:  %y.0 = phi i32 [ 4, %t ], [ 2, %entry ]
; CHECK-NEXT:  %a = load volatile i32, ptr %x, align 4
; CHECK-NEXT:  %r = add i32 %a, %y.0
; CHECK-NEXT:  ret i32 %r
; CHECK-NEXT:  }
define i32 @volatile_keeps(i1 %c) {
entry:
  %x = alloca i32
  %y = alloca i32
  store volatile i32 1, ptr %x
  store i32 2, ptr %y
  br i1 %c, label %t, label %e
t:
  store volatile i32 3, ptr %x
  store i32 4, ptr %y
  br label %e
e:
  %a = load volatile i32, ptr %x
  %b = load i32, ptr %y
  %r = add i32 %a, %b
  ret i32 %r
}
