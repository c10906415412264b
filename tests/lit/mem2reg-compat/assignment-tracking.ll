; Assignment tracking (LLVM's AssignmentTrackingInfo): the dbg.assign
; markers linked to a promoted alloca (by its !DIAssignID) and to its stores
; are demoted to #dbg_value records: a store's marker becomes a dbg.value of
; its own value at its place, a new phi is described like a declare, and the
; markers go with the alloca. @f takes the general path (a phi), @g the
; single-store path.
;
; Both RUN lines share the CHECK lines, which are LLVM 19's own output
; (regenerate with scripts/update-compat-checks): Pebble's compat mode must
; print exactly what `opt -passes=mem2reg` prints.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s
; The default mode demotes the markers the same way.
; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=dbg_assign
; DEFAULT: %a.0 = phi i32 [ %x, %entry ], [ 5, %t ]
; DEFAULT-NEXT: #dbg_value(i32 %a.0,

; CHECK-LABEL: define {{.*}}@f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  #dbg_value(i32 %x, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  br i1 %c, label %t, label %m
; CHECK-EMPTY:
; CHECK-NEXT:  t:
; CHECK-NEXT:  #dbg_value(i32 5, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  br label %m
; CHECK-EMPTY:
; CHECK-NEXT:  m:
; CHECK-NEXT:  %a.0 = phi i32 [ 5, %t ], [ %x, %entry ]
; CHECK-NEXT:  #dbg_value(i32 %a.0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  ret i32 %a.0, !dbg !{{[0-9]+}}
; CHECK-NEXT:  }
define i32 @f(i32 %x, i1 %c) !dbg !7 {
entry:
  %a = alloca i32, align 4, !DIAssignID !20
    #dbg_assign(i1 undef, !11, !DIExpression(), !20, ptr %a, !DIExpression(), !13)
  store i32 %x, ptr %a, align 4, !DIAssignID !21
    #dbg_assign(i32 %x, !11, !DIExpression(), !21, ptr %a, !DIExpression(), !13)
  br i1 %c, label %t, label %m
t:
  store i32 5, ptr %a, align 4, !DIAssignID !22
    #dbg_assign(i32 5, !11, !DIExpression(), !22, ptr %a, !DIExpression(), !13)
  br label %m
m:
  %v = load i32, ptr %a
  ret i32 %v, !dbg !13
}
; CHECK-LABEL: define {{.*}}@g(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  #dbg_value(i32 %x, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  ret i32 %x, !dbg !{{[0-9]+}}
; CHECK-NEXT:  }
define i32 @g(i32 %x) !dbg !30 {
entry:
  %b = alloca i32, align 4, !DIAssignID !32
    #dbg_assign(i1 undef, !31, !DIExpression(), !32, ptr %b, !DIExpression(), !33)
  store i32 %x, ptr %b, align 4, !DIAssignID !34
    #dbg_assign(i32 %x, !31, !DIExpression(), !34, ptr %b, !DIExpression(), !33)
  %v = load i32, ptr %b
  ret i32 %v, !dbg !33
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4, !5}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.c", directory: "/tmp")
!3 = !{i32 7, !"Dwarf Version", i32 5}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!7 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !8, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DISubroutineType(types: !9)
!9 = !{null}
!11 = !DILocalVariable(name: "a", scope: !7, file: !1, line: 2, type: !12)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !DILocation(line: 2, column: 7, scope: !7)
!20 = distinct !DIAssignID()
!21 = distinct !DIAssignID()
!22 = distinct !DIAssignID()
!30 = distinct !DISubprogram(name: "g", scope: !1, file: !1, line: 5, type: !8, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocalVariable(name: "b", scope: !30, file: !1, line: 6, type: !12)
!32 = distinct !DIAssignID()
!33 = !DILocation(line: 6, column: 7, scope: !30)
!34 = distinct !DIAssignID()
