; Load metadata on all three paths (LLVM's
; preserve-nonnull-load-metadata): a promoted `!nonnull !noundef` load of a
; pointer not known to be non-null becomes `icmp ne` + `llvm.assume`; a
; `!noundef` load of an uninitialised slot becomes `store i1 true, ptr
; poison` (immediate UB, as the load was); a value known non-null (an
; alloca, a global) needs no assume.
;
; Both RUN lines share the CHECK lines, which are LLVM 19's own output
; (regenerate with scripts/update-compat-checks): Pebble's compat mode must
; print exactly what `opt -passes=mem2reg` prints.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s

@g = global i32 0

; CHECK-LABEL: define {{.*}}@single_store(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  %0 = icmp ne ptr %p, null
; CHECK-NEXT:  call void @llvm.assume(i1 %0)
; CHECK-NEXT:  ret ptr %p
; CHECK-NEXT:  }
define ptr @single_store(ptr %p) {
entry:
  %x = alloca ptr
  store ptr %p, ptr %x
  %v = load ptr, ptr %x, !nonnull !0, !noundef !0
  ret ptr %v
}

; CHECK-LABEL: define {{.*}}@single_block_known_nonnull(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  br label %b
; CHECK-EMPTY:
; CHECK-NEXT:  b:
; CHECK-NEXT:  ret ptr @g
; CHECK-NEXT:  }
define ptr @single_block_known_nonnull() {
entry:
  %x = alloca ptr
  br label %b
b:
  store ptr @g, ptr %x
  %v = load ptr, ptr %x, !nonnull !0, !noundef !0
  store ptr null, ptr %x
  ret ptr %v
}

; CHECK-LABEL: define {{.*}}@general(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  br i1 %c, label %t, label %e
; CHECK-EMPTY:
; CHECK-NEXT:  t:
; CHECK-NEXT:  br label %m
; CHECK-EMPTY:
; CHECK-NEXT:  e:
; CHECK-NEXT:  br label %m
; CHECK-EMPTY:
; CHECK-NEXT:  m:
; CHECK-NEXT:  %x.0 = phi ptr [ %p, %t ], [ %q, %e ]
; CHECK-NEXT:  %0 = icmp ne ptr %x.0, null
; CHECK-NEXT:  call void @llvm.assume(i1 %0)
; CHECK-NEXT:  ret ptr %x.0
; CHECK-NEXT:  }
define ptr @general(i1 %c, ptr %p, ptr %q) {
entry:
  %x = alloca ptr
  br i1 %c, label %t, label %e
t:
  store ptr %p, ptr %x
  br label %m
e:
  store ptr %q, ptr %x
  br label %m
m:
  %v = load ptr, ptr %x, !nonnull !0, !noundef !0
  ret ptr %v
}

; CHECK-LABEL: define {{.*}}@noundef_of_uninitialised(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  store i1 true, ptr poison, align 1
; CHECK-NEXT:  ret i32 undef
; CHECK-NEXT:  }
define i32 @noundef_of_uninitialised() {
entry:
  %x = alloca i32
  %v = load i32, ptr %x, !noundef !0
  ret i32 %v
}

!0 = !{}
