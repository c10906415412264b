; Debug info through promotion, input in LLVM 19's debug records
; (#dbg_declare): each declare of a promoted alloca becomes a #dbg_value at
; every removed store (the stored value) and at the top of every new phi's
; block (the phi), so the debugger still sees a, b, i, t and n. The CHECK
; lines are LLVM 19's own output (regenerate with scripts/update-compat-checks);
; compat mode must print the same records.
; debug-info-intrinsics.ll is the same input in the intrinsic format.
; New phis carry the location LLVM merges from the stores along its renaming
; path.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s
; In the default mode the same variables stay described (phis are not
; folded, so the values are the pruned phis).
; RUN: %opt -passes='pebble-mem2reg' -S %s | FileCheck %s --check-prefix=DEFAULT
; DEFAULT-LABEL: define {{.*}}@fib(
; DEFAULT-NOT:   #dbg_declare
; DEFAULT:       #dbg_value(i32 %n, ![[N:[0-9]+]], !DIExpression()
; DEFAULT:       for.cond:
; DEFAULT-DAG:   #dbg_value(i32 %a.0,
; DEFAULT-DAG:   #dbg_value(i32 %b.0,
; DEFAULT-DAG:   #dbg_value(i32 %i.0,


; Function Attrs: noinline nounwind uwtable
; CHECK-LABEL: define {{.*}}@fib(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  #dbg_value(i32 %n, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  #dbg_value(i32 0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  #dbg_value(i32 1, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  #dbg_value(i32 0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  br label %for.cond, !dbg !{{[0-9]+}}
; CHECK-EMPTY:
; CHECK-NEXT:  for.cond:
; CHECK-NEXT:  %b.0 = phi i32 [ 1, %entry ], [ %add, %for.inc ], !dbg !{{[0-9]+}}
; CHECK-NEXT:  %a.0 = phi i32 [ 0, %entry ], [ %b.0, %for.inc ], !dbg !{{[0-9]+}}
; CHECK-NEXT:  %i.0 = phi i32 [ 0, %entry ], [ %inc, %for.inc ], !dbg !{{[0-9]+}}
; CHECK-NEXT:  #dbg_value(i32 %i.0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  #dbg_value(i32 %a.0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  #dbg_value(i32 %b.0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  %cmp = icmp slt i32 %i.0, %n, !dbg !{{[0-9]+}}
; CHECK-NEXT:  br i1 %cmp, label %for.body, label %for.end, !dbg !{{[0-9]+}}
; CHECK-EMPTY:
; CHECK-NEXT:  for.body:
; CHECK-NEXT:  #dbg_value(i32 %a.0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  #dbg_value(i32 %b.0, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  %add = add nsw i32 %a.0, %b.0, !dbg !{{[0-9]+}}
; CHECK-NEXT:  #dbg_value(i32 %add, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  br label %for.inc, !dbg !{{[0-9]+}}
; CHECK-EMPTY:
; CHECK-NEXT:  for.inc:
; CHECK-NEXT:  %inc = add nsw i32 %i.0, 1, !dbg !{{[0-9]+}}
; CHECK-NEXT:  #dbg_value(i32 %inc, !{{[0-9]+}}, !DIExpression(), !{{[0-9]+}})
; CHECK-NEXT:  br label %for.cond, !dbg !{{[0-9]+}}, !llvm.loop !{{[0-9]+}}
; CHECK-EMPTY:
; CHECK-NEXT:  for.end:
; CHECK-NEXT:  ret i32 %a.0, !dbg !{{[0-9]+}}
; CHECK-NEXT:  }
define dso_local i32 @fib(i32 noundef %n) !dbg !10 {
entry:
  %n.addr = alloca i32, align 4
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %i = alloca i32, align 4
  %t = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
    #dbg_declare(ptr %n.addr, !16, !DIExpression(), !17)
    #dbg_declare(ptr %a, !18, !DIExpression(), !19)
  store i32 0, ptr %a, align 4, !dbg !19
    #dbg_declare(ptr %b, !20, !DIExpression(), !21)
  store i32 1, ptr %b, align 4, !dbg !21
    #dbg_declare(ptr %i, !22, !DIExpression(), !24)
  store i32 0, ptr %i, align 4, !dbg !24
  br label %for.cond, !dbg !25

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4, !dbg !26
  %1 = load i32, ptr %n.addr, align 4, !dbg !28
  %cmp = icmp slt i32 %0, %1, !dbg !29
  br i1 %cmp, label %for.body, label %for.end, !dbg !30

for.body:                                         ; preds = %for.cond
    #dbg_declare(ptr %t, !31, !DIExpression(), !33)
  %2 = load i32, ptr %a, align 4, !dbg !34
  store i32 %2, ptr %t, align 4, !dbg !33
  %3 = load i32, ptr %b, align 4, !dbg !35
  store i32 %3, ptr %a, align 4, !dbg !36
  %4 = load i32, ptr %t, align 4, !dbg !37
  %5 = load i32, ptr %b, align 4, !dbg !38
  %add = add nsw i32 %4, %5, !dbg !39
  store i32 %add, ptr %b, align 4, !dbg !40
  br label %for.inc, !dbg !41

for.inc:                                          ; preds = %for.body
  %6 = load i32, ptr %i, align 4, !dbg !42
  %inc = add nsw i32 %6, 1, !dbg !42
  store i32 %inc, ptr %i, align 4, !dbg !42
  br label %for.cond, !dbg !43, !llvm.loop !44

for.end:                                          ; preds = %for.cond
  %7 = load i32, ptr %a, align 4, !dbg !47
  ret i32 %7, !dbg !48
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5, !6, !7, !8}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "/tmp/dbg.c", directory: "/work/main/tests/lit/mem2reg-compat", checksumkind: CSK_MD5, checksum: "b72fd4e44523cc0fa28aa588673e0a30")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 8, !"PIC Level", i32 2}
!6 = !{i32 7, !"PIE Level", i32 2}
!7 = !{i32 7, !"uwtable", i32 2}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "fib", scope: !11, file: !11, line: 1, type: !12, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !15)
!11 = !DIFile(filename: "/tmp/dbg.c", directory: "", checksumkind: CSK_MD5, checksum: "b72fd4e44523cc0fa28aa588673e0a30")
!12 = !DISubroutineType(types: !13)
!13 = !{!14, !14}
!14 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!15 = !{}
!16 = !DILocalVariable(name: "n", arg: 1, scope: !10, file: !11, line: 1, type: !14)
!17 = !DILocation(line: 1, column: 13, scope: !10)
!18 = !DILocalVariable(name: "a", scope: !10, file: !11, line: 2, type: !14)
!19 = !DILocation(line: 2, column: 7, scope: !10)
!20 = !DILocalVariable(name: "b", scope: !10, file: !11, line: 2, type: !14)
!21 = !DILocation(line: 2, column: 14, scope: !10)
!22 = !DILocalVariable(name: "i", scope: !23, file: !11, line: 3, type: !14)
!23 = distinct !DILexicalBlock(scope: !10, file: !11, line: 3, column: 3)
!24 = !DILocation(line: 3, column: 12, scope: !23)
!25 = !DILocation(line: 3, column: 8, scope: !23)
!26 = !DILocation(line: 3, column: 19, scope: !27)
!27 = distinct !DILexicalBlock(scope: !23, file: !11, line: 3, column: 3)
!28 = !DILocation(line: 3, column: 23, scope: !27)
!29 = !DILocation(line: 3, column: 21, scope: !27)
!30 = !DILocation(line: 3, column: 3, scope: !23)
!31 = !DILocalVariable(name: "t", scope: !32, file: !11, line: 4, type: !14)
!32 = distinct !DILexicalBlock(scope: !27, file: !11, line: 3, column: 31)
!33 = !DILocation(line: 4, column: 9, scope: !32)
!34 = !DILocation(line: 4, column: 13, scope: !32)
!35 = !DILocation(line: 5, column: 9, scope: !32)
!36 = !DILocation(line: 5, column: 7, scope: !32)
!37 = !DILocation(line: 6, column: 9, scope: !32)
!38 = !DILocation(line: 6, column: 13, scope: !32)
!39 = !DILocation(line: 6, column: 11, scope: !32)
!40 = !DILocation(line: 6, column: 7, scope: !32)
!41 = !DILocation(line: 7, column: 3, scope: !32)
!42 = !DILocation(line: 3, column: 27, scope: !27)
!43 = !DILocation(line: 3, column: 3, scope: !27)
!44 = distinct !{!44, !30, !45, !46}
!45 = !DILocation(line: 7, column: 3, scope: !23)
!46 = !{!"llvm.loop.mustprogress"}
!47 = !DILocation(line: 8, column: 10, scope: !10)
!48 = !DILocation(line: 8, column: 3, scope: !10)
