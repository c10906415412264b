; RUN: %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; The fields of `*.with.overflow` calls on constants fold (sccp::overflow),
; for every width (the i128 case wraps to 0 and overflows). Neither field is
; ever poison. A call whose extracted fields are all replaced is erased; one
; with another user (@use) stays. The values agree with `opt -passes=sccp`
; on LLVM 19 and 22 wherever it folds; LLVM folds the overflow bit only when
; ranges prove it false, so it leaves the `true` bits below (and every call)
; in place.

define void @overflow(i1 %c) {
; CHECK-LABEL: define void @overflow(
; CHECK:       j:
; CHECK-NEXT:    %part = call { i8, i1 } @llvm.sadd.with.overflow.i8(i8 100, i8 1)
; CHECK-NEXT:    call void @use({ i8, i1 } %part)
; CHECK-NEXT:    call void @use8(i8 -56, i1 true, i8 -56, i1 false, i1 true, i8 -100, i1 false, i1 true, i8 56, i1 true, i8 101)
; CHECK-NEXT:    call void @use128(i128 0, i1 true)
; CHECK-NEXT:    ret void
entry:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %x = phi i8 [ 100, %a ], [ 100, %b ]
  %w = phi i128 [ -1, %a ], [ -1, %b ]
  %s = call { i8, i1 } @llvm.sadd.with.overflow.i8(i8 %x, i8 %x)
  %s0 = extractvalue { i8, i1 } %s, 0
  %s1 = extractvalue { i8, i1 } %s, 1
  %u = call { i8, i1 } @llvm.uadd.with.overflow.i8(i8 %x, i8 100)
  %u0 = extractvalue { i8, i1 } %u, 0
  %u1 = extractvalue { i8, i1 } %u, 1
  %m = call { i8, i1 } @llvm.umul.with.overflow.i8(i8 %x, i8 3)
  %m1 = extractvalue { i8, i1 } %m, 1
  %sm = call { i8, i1 } @llvm.smul.with.overflow.i8(i8 %x, i8 -1)
  %sm0 = extractvalue { i8, i1 } %sm, 0
  %sm1 = extractvalue { i8, i1 } %sm, 1
  %d = call { i8, i1 } @llvm.usub.with.overflow.i8(i8 5, i8 %x)
  %d1 = extractvalue { i8, i1 } %d, 1
  %sd = call { i8, i1 } @llvm.ssub.with.overflow.i8(i8 -100, i8 %x)
  %sd0 = extractvalue { i8, i1 } %sd, 0
  %sd1 = extractvalue { i8, i1 } %sd, 1
  %wo = call { i128, i1 } @llvm.uadd.with.overflow.i128(i128 %w, i128 1)
  %wo0 = extractvalue { i128, i1 } %wo, 0
  %wo1 = extractvalue { i128, i1 } %wo, 1
  %part = call { i8, i1 } @llvm.sadd.with.overflow.i8(i8 %x, i8 1)
  %part0 = extractvalue { i8, i1 } %part, 0
  call void @use({ i8, i1 } %part)
  call void @use8(i8 %s0, i1 %s1, i8 %u0, i1 %u1, i1 %m1, i8 %sm0, i1 %sm1, i1 %d1, i8 %sd0, i1 %sd1, i8 %part0)
  call void @use128(i128 %wo0, i1 %wo1)
  ret void
}
declare { i8, i1 } @llvm.sadd.with.overflow.i8(i8, i8)
declare { i8, i1 } @llvm.uadd.with.overflow.i8(i8, i8)
declare { i8, i1 } @llvm.umul.with.overflow.i8(i8, i8)
declare { i8, i1 } @llvm.smul.with.overflow.i8(i8, i8)
declare { i8, i1 } @llvm.usub.with.overflow.i8(i8, i8)
declare { i8, i1 } @llvm.ssub.with.overflow.i8(i8, i8)
declare { i128, i1 } @llvm.uadd.with.overflow.i128(i128, i128)
declare void @use({ i8, i1 })
declare void @use8(i8, i1, i8, i1, i1, i8, i1, i1, i8, i1, i8)
declare void @use128(i128, i1)
