; An unreachable self-loop whose load feeds its own store (LLVM's
; pr37632-unreachable-list-of-stores): the single-store path replaces the
; load by the value it would store, which is the load itself, so the load
; becomes poison; nothing crashes and the output verifies.
;
; Both RUN lines share the CHECK lines, which are LLVM 19's own output
; (regenerate with scripts/update-compat-checks): Pebble's compat mode must
; print exactly what `opt -passes=mem2reg` prints.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}}@self_loop(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  ret void
; CHECK-EMPTY:
; CHECK-NEXT:  loop:
; CHECK-NEXT:  %v = load i32, ptr poison, align 4
; CHECK-NEXT:  store i32 %v, ptr poison, align 4
; CHECK-NEXT:  br label %loop
; CHECK-NEXT:  }
define void @self_loop() {
entry:
  %x = alloca i32
  ret void
loop:
  %v = load i32, ptr %x
  store i32 %v, ptr %x
  br label %loop
}

; CHECK-LABEL: define {{.*}}@two_stores_in_unreachable_loop(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  ret void
; CHECK-EMPTY:
; CHECK-NEXT:  a:
; CHECK-NEXT:  %v = load i32, ptr poison, align 4
; CHECK-NEXT:  store i32 %v, ptr poison, align 4
; CHECK-NEXT:  br label %b
; CHECK-EMPTY:
; CHECK-NEXT:  b:
; CHECK-NEXT:  %w = load i32, ptr poison, align 4
; CHECK-NEXT:  store i32 %w, ptr poison, align 4
; CHECK-NEXT:  br label %a
; CHECK-NEXT:  }
define void @two_stores_in_unreachable_loop() {
entry:
  %x = alloca i32
  ret void
a:
  %v = load i32, ptr %x
  store i32 %v, ptr %x
  br label %b
b:
  %w = load i32, ptr %x
  store i32 %w, ptr %x
  br label %a
}
