; All accesses in one block, but a load comes before the store and the
; block is a loop (LLVM's pr24179): the single-block path must give up, and
; the general path makes a loop phi [undef, entry], [stored, loop].
;
; Both RUN lines share the CHECK lines, which are LLVM 19's own output
; (regenerate with scripts/update-compat-checks): Pebble's compat mode must
; print exactly what `opt -passes=mem2reg` prints.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s

declare void @use(i32)

; CHECK-LABEL: define {{.*}}@pr24179(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  br label %loop
; CHECK-EMPTY:
; CHECK-NEXT:  loop:
; CHECK-NEXT:  call void @use(i32 7)
; CHECK-NEXT:  br i1 %c, label %loop, label %exit
; CHECK-EMPTY:
; CHECK-NEXT:  exit:
; CHECK-NEXT:  ret void
; CHECK-NEXT:  }
define void @pr24179(i1 %c) {
entry:
  %v = alloca i32
  br label %loop
loop:
  %t = load i32, ptr %v
  call void @use(i32 %t)
  store i32 7, ptr %v
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define {{.*}}@load_after_store_in_one_block(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  br label %b
; CHECK-EMPTY:
; CHECK-NEXT:  b:
; CHECK-NEXT:  %r = add i32 %n, 5
; CHECK-NEXT:  ret i32 %r
; CHECK-NEXT:  }
define i32 @load_after_store_in_one_block(i32 %n) {
entry:
  %v = alloca i32
  br label %b
b:
  store i32 %n, ptr %v
  %t = load i32, ptr %v
  store i32 5, ptr %v
  %u = load i32, ptr %v
  %r = add i32 %t, %u
  ret i32 %r
}
