; A header holding llvm.experimental.noalias.scope.decl. Rotation copies it
; into the preheader; two declarations of one scope, one dominating the
; other, are rejected by -verify-noalias-scope-decl-dom (and would let the
; copies' accesses be taken as not aliasing the originals'). As LLVM's
; rotateLoop does: a third copy at the top of the new header keeps the
; original scope, the old header's declaration and accesses get a fresh
; clone (`scope:h.rot`), and the preheader's copies from the declaration on
; another (`scope:pre.rot`). Uses in the body (!noalias !2 on the store) keep
; the original scope, which the new header's declaration now covers.

; RUN: %opt -passes=pebble-loop-rotate -S %s -o %t.pebble.ll
; RUN: opt -passes=verify -verify-noalias-scope-decl-dom -disable-output %t.pebble.ll
; RUN: FileCheck %s < %t.pebble.ll
; RUN: opt -passes=loop-rotate -S %s -o %t.llvm.ll
; RUN: llvm-diff %t.pebble.ll %t.llvm.ll

; CHECK-LABEL: define i32 @scoped(
; CHECK:       entry:
; CHECK-NEXT:    call void @llvm.experimental.noalias.scope.decl(metadata [[PRE:![0-9]+]])
; CHECK-NEXT:    load i32, ptr %p, align 4, !alias.scope [[PRE]]
; CHECK:       body:
; CHECK-NEXT:    phi
; CHECK-NEXT:    call void @llvm.experimental.noalias.scope.decl(metadata [[ORIG:![0-9]+]])
; CHECK-NEXT:    store i32 {{%.*}}, ptr %q, align 4, !noalias [[ORIG]]
; CHECK:         call void @llvm.experimental.noalias.scope.decl(metadata [[HROT:![0-9]+]])
; CHECK-NEXT:    %v = load i32, ptr %p, align 4, !alias.scope [[HROT]]
; CHECK-DAG:   [[ORIG]] = !{[[S:![0-9]+]]}
; CHECK-DAG:   [[S]] = distinct !{[[S]], [[D:![0-9]+]], !"scope"}
; CHECK-DAG:   [[PRE]] = !{[[SP:![0-9]+]]}
; CHECK-DAG:   [[SP]] = distinct !{[[SP]], [[D]], !"scope:pre.rot"}
; CHECK-DAG:   [[HROT]] = !{[[SH:![0-9]+]]}
; CHECK-DAG:   [[SH]] = distinct !{[[SH]], [[D]], !"scope:h.rot"}

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @use(i32)

define i32 @scoped(ptr %p, ptr %q, i32 %n) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v = load i32, ptr %p, align 4, !alias.scope !2
  %c = icmp slt i32 %i, %v
  br i1 %c, label %body, label %exit
body:
  store i32 %i, ptr %q, align 4, !noalias !2
  %i1 = add i32 %i, 1
  call void @use(i32 %i1)
  br label %header
exit:
  ret i32 %v
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!1}
