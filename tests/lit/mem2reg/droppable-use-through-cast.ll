; Regression: an assume whose bundles use a promoted alloca both directly
; and through a zero-index GEP, with the GEP first in the alloca's use list
; (forced by the uselistorder below; the default parse order hid the bug).
; The pass used to rebuild the assume once per use, leaving a rebuilt call
; that still named the alloca: it was then deleted altogether (losing
; nonnull(%q)) and, before that, counted as a load, so the assume's block
; was taken as upward-exposed and got a dead phi. Now every name of the slot
; (the alloca and its marker-only casts) is collected first and each
; droppable call is rewritten once. The output matches LLVM's (LLVM prefix),
; and <stats> counts no phi where pruned SSA has none.

; RUN: %opt -passes='pebble-mem2reg,verify' -S %s | FileCheck %s
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefix=LLVM
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS

; STATS:      @assume_direct_and_through_gep: promoted 1 allocas, inserted 0 phis
; STATS-NEXT: @dead_phi_from_leftover_assume: promoted 1 allocas, inserted 0 phis

declare void @llvm.assume(i1)

define i32 @assume_direct_and_through_gep(ptr %q) {
; CHECK-LABEL: define i32 @assume_direct_and_through_gep(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @llvm.assume(i1 true) [ "nonnull"(ptr %q), "ignore"(ptr {{undef|poison}}), "ignore"(ptr {{undef|poison}}, i64 4) ]
; CHECK-NEXT:    ret i32 7
; CHECK-NEXT:  }
; LLVM-LABEL: define i32 @assume_direct_and_through_gep(
; LLVM-NEXT:  entry:
; LLVM-NEXT:    call void @llvm.assume(i1 true) [ "nonnull"(ptr %q), "ignore"(ptr {{undef|poison}}), "ignore"(ptr {{undef|poison}}, i64 4) ]
; LLVM-NEXT:    ret i32 7
; LLVM-NEXT:  }
entry:
  %a = alloca i32
  %g = getelementptr i32, ptr %a, i64 0
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %q), "nonnull"(ptr %g), "align"(ptr %a, i64 4) ]
  store i32 7, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
  uselistorder ptr %a, { 0, 1, 3, 2 }
}

define void @dead_phi_from_leftover_assume(i1 %c) {
; CHECK-LABEL: define void @dead_phi_from_leftover_assume(
; CHECK-NOT:     phi
; CHECK:       m:
; CHECK-NEXT:    call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}), "ignore"(ptr {{undef|poison}}, i64 4) ]
; CHECK-NEXT:    ret void
; LLVM-LABEL: define void @dead_phi_from_leftover_assume(
; LLVM-NOT:     phi
; LLVM:       m:
; LLVM-NEXT:    call void @llvm.assume(i1 true) [ "ignore"(ptr {{undef|poison}}), "ignore"(ptr {{undef|poison}}, i64 4) ]
; LLVM-NEXT:    ret void
entry:
  %a = alloca i32
  %g = getelementptr i32, ptr %a, i64 0
  br i1 %c, label %t, label %e

t:
  store i32 1, ptr %a
  br label %m

e:
  store i32 2, ptr %a
  br label %m

m:
  call void @llvm.assume(i1 true) [ "nonnull"(ptr %g), "align"(ptr %a, i64 4) ]
  ret void
  uselistorder ptr %a, { 3, 1, 2, 0 }
}
