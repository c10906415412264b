; Debug records in a rotated header (read natively on LLVM 22; on LLVM 19
; the glue's intrinsic calls before each instruction). The header's records stay
; in the loop (the header is merged into the latch, each instruction moving
; with its records and its own !dbg), and the copies in the preheader get
; the records LLVM's rotateLoop clones (LoopRotationUtils.cpp): the first
; instruction's, remapped to the preheader values (%i.0 -> 0, %s.0 -> 0),
; minus those equal to a record already on the preheader's branch (i = 0);
; after the hoisted %lim, the records of the next instruction (%cmp's
; `lim`); after a cloned instruction none (%ext's `c`). LLVM's own
; loop-rotate leaves the same entry block (ENTRY lines, both RUNs).

; RUN: %opt -passes=pebble-loop-rotate -S %s -o %t.ll
; RUN: FileCheck %s --check-prefixes=ENTRY,CHECK < %t.ll
; RUN: opt -passes=verify -disable-output %t.ll
; RUN: opt -passes=loop-rotate -S %s | FileCheck %s --check-prefix=ENTRY

; ENTRY-LABEL: define i32 @sum(
; ENTRY:       entry:
; ENTRY-NEXT:    #dbg_value(i32 %n, [[N:![0-9]+]], !DIExpression(),
; ENTRY-NEXT:    #dbg_value(i32 0, [[I:![0-9]+]], !DIExpression(),
; ENTRY-NEXT:    #dbg_value(i32 0, [[S:![0-9]+]], !DIExpression(),
; ENTRY-NEXT:    %lim = add i32 %n, 1, !dbg [[LIMLOC:![0-9]+]]
; ENTRY-NEXT:    #dbg_value(i32 %lim, [[LIM:![0-9]+]], !DIExpression(),
; ENTRY-NEXT:    %cmp{{[0-9]+}} = icmp slt i32 0, %lim, !dbg [[CMPLOC:![0-9]+]]
; ENTRY-NEXT:    %ext{{[0-9]+}} = zext i1 %cmp{{[0-9]+}} to i32, !dbg [[EXTLOC:![0-9]+]]
; ENTRY-NEXT:    br i1 %cmp{{[0-9]+}},

; In the loop: the header's records, now in the latch with the header's
; instructions, each instruction keeping its location. FIXME: LLVM also
; gives the new phis of for.body records (insertDebugValuesForPHIs) and
; drops the second, redundant `i = %inc` after merging the header
; (RemoveRedundantDbgInstrs); Pebble does neither yet.
; CHECK:       for.inc:
; CHECK-NEXT:    %inc = add i32 %i.{{[0-9]+}}, 1, !dbg [[INCLOC:![0-9]+]]
; CHECK-NEXT:    #dbg_value(i32 %inc, [[I]], !DIExpression(),
; CHECK-NEXT:    #dbg_value(i32 %inc, [[I]], !DIExpression(),
; CHECK-NEXT:    #dbg_value(i32 %add, [[S]], !DIExpression(),
; CHECK-NEXT:    #dbg_value(i32 %lim, [[LIM]], !DIExpression(),
; CHECK-NEXT:    %cmp = icmp slt i32 %inc, %lim, !dbg [[CMPLOC]]
; CHECK-NEXT:    #dbg_value(i1 %cmp, [[C:![0-9]+]], !DIExpression(),
; CHECK-NEXT:    %ext = zext i1 %cmp to i32, !dbg [[EXTLOC]]
; CHECK-NEXT:    br i1 %cmp, label %for.body, label %for.cond.for.end_crit_edge
; CHECK:       [[LIMLOC]] = !DILocation(line: 3,
; CHECK:       [[CMPLOC]] = !DILocation(line: 4,
; CHECK:       [[EXTLOC]] = !DILocation(line: 5,

declare i32 @g(i32)

define i32 @sum(i32 %n) !dbg !5 {
entry:
    #dbg_value(i32 %n, !9, !DIExpression(), !13)
    #dbg_value(i32 0, !10, !DIExpression(), !13)
  br label %for.cond, !dbg !13

for.cond:
  %s.0 = phi i32 [ 0, %entry ], [ %add, %for.inc ]
  %i.0 = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
    #dbg_value(i32 %i.0, !10, !DIExpression(), !13)
    #dbg_value(i32 %s.0, !11, !DIExpression(), !13)
  %lim = add i32 %n, 1, !dbg !14
    #dbg_value(i32 %lim, !12, !DIExpression(), !13)
  %cmp = icmp slt i32 %i.0, %lim, !dbg !15
    #dbg_value(i1 %cmp, !17, !DIExpression(), !13)
  %ext = zext i1 %cmp to i32, !dbg !16
  br i1 %cmp, label %for.body, label %for.end, !dbg !15

for.body:
  %call = call i32 @g(i32 %ext), !dbg !13
  %add = add i32 %s.0, %call, !dbg !13
    #dbg_value(i32 %add, !11, !DIExpression(), !13)
  br label %for.inc, !dbg !13

for.inc:
  %inc = add i32 %i.0, 1, !dbg !18
    #dbg_value(i32 %inc, !10, !DIExpression(), !13)
  br label %for.cond, !dbg !13

for.end:
  ret i32 %s.0, !dbg !13
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "sum.c", directory: "/")
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{!2, !2}
!8 = !{}
!9 = !DILocalVariable(name: "n", arg: 1, scope: !5, file: !1, line: 1, type: !2)
!10 = !DILocalVariable(name: "i", scope: !5, file: !1, line: 2, type: !2)
!11 = !DILocalVariable(name: "s", scope: !5, file: !1, line: 2, type: !2)
!12 = !DILocalVariable(name: "lim", scope: !5, file: !1, line: 3, type: !2)
!13 = !DILocation(line: 2, scope: !5)
!14 = !DILocation(line: 3, scope: !5)
!15 = !DILocation(line: 4, scope: !5)
!16 = !DILocation(line: 5, scope: !5)
!17 = !DILocalVariable(name: "c", scope: !5, file: !1, line: 4, type: !2)
!18 = !DILocation(line: 6, scope: !5)
