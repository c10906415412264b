; The one deliberate difference from LLVM 19 in compat mode (README,
; "Beyond LLVM"). LLVM 19's own test single-store.ll keeps a miscompile marked
; FIXME: a load that may read the uninitialised slot is replaced by a stored
; argument %x that may be poison, because the phi [undef, entry], [%x, if]
; is folded to %x. Reading uninitialised memory gives undef, which must not
; become poison. Pebble keeps that phi unless the value is guaranteed not to
; be poison (a `noundef` argument folds, as in LLVM). LLVM 22 fixed it
; (InstSimplify no longer folds the phi), so there compat mode and LLVM agree.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefixes=CHECK,LLVM-%llvm-major
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s --check-prefixes=CHECK,PEBBLE

define i8 @single_store_maybe_poison(i1 %cond, i8 %x) {
; CHECK-LABEL: define i8 @single_store_maybe_poison(
; CHECK:       exit:
; LLVM-19-NEXT:  ret i8 %x
; LLVM-22-NEXT:  %a.0 = phi i8 [ %x, %if ], [ undef, %0 ]
; LLVM-22-NEXT:  ret i8 %a.0
; PEBBLE-NEXT:   %a.0 = phi i8 [ %x, %if ], [ undef, %0 ]
; PEBBLE-NEXT:   ret i8 %a.0
  %a = alloca i8, align 1
  br i1 %cond, label %if, label %exit

if:
  store i8 %x, ptr %a, align 1
  br label %exit

exit:
  %v = load i8, ptr %a, align 1
  ret i8 %v
}

define i8 @single_store_cant_be_poison(i1 %cond, i8 noundef %x) {
; CHECK-LABEL: define i8 @single_store_cant_be_poison(
; CHECK:       exit:
; CHECK-NEXT:    ret i8 %x
  %a = alloca i8, align 1
  br i1 %cond, label %if, label %exit

if:
  store i8 %x, ptr %a, align 1
  br label %exit

exit:
  %v = load i8, ptr %a, align 1
  ret i8 %v
}

define i8 @single_store_literal_poison(i1 %cond) {
; CHECK-LABEL: define i8 @single_store_literal_poison(
; CHECK:       exit:
; CHECK-NEXT:    ret i8 undef
  %a = alloca i8, align 1
  br i1 %cond, label %if, label %exit

if:
  store i8 poison, ptr %a, align 1
  br label %exit

exit:
  %v = load i8, ptr %a, align 1
  ret i8 %v
}
