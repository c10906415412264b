; Debug records through pebble-sccp, which never reads them: on both LLVM
; versions it runs on the function's records as they are (the glue
; converts to intrinsics only for passes that read debug markers,
; `PassInfo::debug_markers`), and LLVM's own RAUW, erasure and block
; deletion keep them right, as for LLVM's sccp (the last run line: the same
; CHECK lines).
; * `b`'s record takes the constant that replaces %b;
; * the records before %b and %c, both erased, move to the next
;   instruction, and so end up before the branch that replaced the
;   conditional one;
; * the dead block goes with its record.

; RUN: %opt -passes=pebble-sccp -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: opt -passes=verify -disable-output %t.ll
; RUN: opt -passes=sccp -S %s | FileCheck %s

; CHECK-LABEL: define {{.*}}i32 @f(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    #dbg_value(i32 %n, [[N:![0-9]+]], !DIExpression(),
; CHECK-NEXT:    #dbg_value(i32 5, [[A:![0-9]+]], !DIExpression(),
; CHECK-NEXT:    #dbg_value(i32 10, [[B:![0-9]+]], !DIExpression(),
; CHECK-NEXT:    #dbg_value(i1 true, [[C:![0-9]+]], !DIExpression(),
; CHECK-NEXT:    br label %then
; CHECK:       then:
; CHECK-NEXT:    %sum = add nsw i32 %n, 10
; CHECK-NEXT:    #dbg_value(i32 %sum, [[R:![0-9]+]], !DIExpression(),
; CHECK-NEXT:    br label %join
; CHECK-NOT:   else:
; CHECK:       join:
; CHECK-NEXT:    #dbg_value(i32 %sum, [[R]], !DIExpression(),
; CHECK-NEXT:    ret i32 %sum
; CHECK:       [[B]] = !DILocalVariable(name: "b"
; CHECK:       [[C]] = !DILocalVariable(name: "c"

define i32 @f(i32 %n) !dbg !9 {
entry:
    #dbg_value(i32 %n, !14, !DIExpression(), !15)
    #dbg_value(i32 5, !16, !DIExpression(), !15)
  %b = mul nsw i32 5, 2, !dbg !17
    #dbg_value(i32 %b, !18, !DIExpression(), !15)
  %c = icmp sgt i32 %b, 7, !dbg !19
    #dbg_value(i1 %c, !28, !DIExpression(), !15)
  br i1 %c, label %then, label %else, !dbg !21

then:
  %sum = add nsw i32 %n, %b, !dbg !22
    #dbg_value(i32 %sum, !23, !DIExpression(), !15)
  br label %join, !dbg !24

else:
  %diff = sub nsw i32 %n, 5, !dbg !25
    #dbg_value(i32 %diff, !23, !DIExpression(), !15)
  br label %join

join:
  %r = phi i32 [ %sum, %then ], [ %diff, %else ], !dbg !26
    #dbg_value(i32 %r, !23, !DIExpression(), !15)
  ret i32 %r, !dbg !27
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!9 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !10, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!10 = !DISubroutineType(types: !11)
!11 = !{!12, !12}
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{}
!14 = !DILocalVariable(name: "n", arg: 1, scope: !9, file: !1, line: 1, type: !12)
!15 = !DILocation(line: 0, scope: !9)
!16 = !DILocalVariable(name: "a", scope: !9, file: !1, line: 2, type: !12)
!17 = !DILocation(line: 3, column: 13, scope: !9)
!18 = !DILocalVariable(name: "b", scope: !9, file: !1, line: 3, type: !12)
!19 = !DILocation(line: 5, column: 9, scope: !9)
!21 = !DILocation(line: 5, column: 7, scope: !9)
!22 = !DILocation(line: 6, column: 11, scope: !9)
!23 = !DILocalVariable(name: "r", scope: !9, file: !1, line: 4, type: !12)
!24 = !DILocation(line: 6, column: 5, scope: !9)
!25 = !DILocation(line: 8, column: 11, scope: !9)
!26 = !DILocation(line: 0, scope: !9)
!27 = !DILocation(line: 9, column: 3, scope: !9)
!28 = !DILocalVariable(name: "c", scope: !9, file: !1, line: 5, type: !29)
!29 = !DIBasicType(name: "_Bool", size: 8, encoding: DW_ATE_boolean)
