; Debug info through promotion, input in the intrinsic format
; (call @llvm.dbg.declare): each declare of a promoted alloca becomes a #dbg_value at
; every removed store (the stored value) and at the top of every new phi's
; block (the phi), so the debugger still sees a, b, i, t and n. The CHECK
; lines are LLVM 19's own output (regenerate with scripts/update-compat-checks);
; compat mode must print the same records.
; debug-info-records.ll is the same input in the record format. The output
; is also printed as intrinsics (--write-experimental-debuginfo=false).
; New phis carry the location LLVM merges from the stores along its renaming
; path.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; LLVM 22 can no longer print intrinsics: the INTRINSICS runs are LLVM 19's.
; RUN: %if llvm-19 %{ opt -passes=mem2reg --write-experimental-debuginfo=false -S %s | FileCheck %s --check-prefix=INTRINSICS %}
; RUN: %if llvm-19 %{ %opt -passes='pebble-mem2reg<compat>' --write-experimental-debuginfo=false -S %s | FileCheck %s --check-prefix=INTRINSICS %}
; INTRINSICS-LABEL: define {{.*}}@fib(
; INTRINSICS-NOT:   llvm.dbg.declare
; INTRINSICS:       call void @llvm.dbg.value(metadata i32 %n,
; INTRINSICS:       %b.0 = phi
; INTRINSICS:       call void @llvm.dbg.value(metadata i32 %i.0,
; INTRINSICS-NEXT:  call void @llvm.dbg.value(metadata i32 %a.0,
; INTRINSICS-NEXT:  call void @llvm.dbg.value(metadata i32 %b.0,
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
define dso_local i32 @fib(i32 noundef %n) !dbg !9 {
entry:
  %n.addr = alloca i32, align 4
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %i = alloca i32, align 4
  %t = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  tail call void @llvm.dbg.declare(metadata ptr %n.addr, metadata !15, metadata !DIExpression()), !dbg !16
  tail call void @llvm.dbg.declare(metadata ptr %a, metadata !17, metadata !DIExpression()), !dbg !18
  store i32 0, ptr %a, align 4, !dbg !18
  tail call void @llvm.dbg.declare(metadata ptr %b, metadata !19, metadata !DIExpression()), !dbg !20
  store i32 1, ptr %b, align 4, !dbg !20
  tail call void @llvm.dbg.declare(metadata ptr %i, metadata !21, metadata !DIExpression()), !dbg !23
  store i32 0, ptr %i, align 4, !dbg !23
  br label %for.cond, !dbg !24

for.cond:                                         ; preds = %for.inc, %entry
  %0 = load i32, ptr %i, align 4, !dbg !25
  %1 = load i32, ptr %n.addr, align 4, !dbg !27
  %cmp = icmp slt i32 %0, %1, !dbg !28
  br i1 %cmp, label %for.body, label %for.end, !dbg !29

for.body:                                         ; preds = %for.cond
  tail call void @llvm.dbg.declare(metadata ptr %t, metadata !30, metadata !DIExpression()), !dbg !32
  %2 = load i32, ptr %a, align 4, !dbg !33
  store i32 %2, ptr %t, align 4, !dbg !32
  %3 = load i32, ptr %b, align 4, !dbg !34
  store i32 %3, ptr %a, align 4, !dbg !35
  %4 = load i32, ptr %t, align 4, !dbg !36
  %5 = load i32, ptr %b, align 4, !dbg !37
  %add = add nsw i32 %4, %5, !dbg !38
  store i32 %add, ptr %b, align 4, !dbg !39
  br label %for.inc, !dbg !40

for.inc:                                          ; preds = %for.body
  %6 = load i32, ptr %i, align 4, !dbg !41
  %inc = add nsw i32 %6, 1, !dbg !41
  store i32 %inc, ptr %i, align 4, !dbg !41
  br label %for.cond, !dbg !42, !llvm.loop !43

for.end:                                          ; preds = %for.cond
  %7 = load i32, ptr %a, align 4, !dbg !46
  ret i32 %7, !dbg !47
}

declare void @llvm.dbg.declare(metadata, metadata, metadata) #0


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
!9 = distinct !DISubprogram(name: "fib", scope: !10, file: !10, line: 1, type: !11, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !14)
!10 = !DIFile(filename: "/tmp/dbg.c", directory: "", checksumkind: CSK_MD5, checksum: "b72fd4e44523cc0fa28aa588673e0a30")
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !{}
!15 = !DILocalVariable(name: "n", arg: 1, scope: !9, file: !10, line: 1, type: !13)
!16 = !DILocation(line: 1, column: 13, scope: !9)
!17 = !DILocalVariable(name: "a", scope: !9, file: !10, line: 2, type: !13)
!18 = !DILocation(line: 2, column: 7, scope: !9)
!19 = !DILocalVariable(name: "b", scope: !9, file: !10, line: 2, type: !13)
!20 = !DILocation(line: 2, column: 14, scope: !9)
!21 = !DILocalVariable(name: "i", scope: !22, file: !10, line: 3, type: !13)
!22 = distinct !DILexicalBlock(scope: !9, file: !10, line: 3, column: 3)
!23 = !DILocation(line: 3, column: 12, scope: !22)
!24 = !DILocation(line: 3, column: 8, scope: !22)
!25 = !DILocation(line: 3, column: 19, scope: !26)
!26 = distinct !DILexicalBlock(scope: !22, file: !10, line: 3, column: 3)
!27 = !DILocation(line: 3, column: 23, scope: !26)
!28 = !DILocation(line: 3, column: 21, scope: !26)
!29 = !DILocation(line: 3, column: 3, scope: !22)
!30 = !DILocalVariable(name: "t", scope: !31, file: !10, line: 4, type: !13)
!31 = distinct !DILexicalBlock(scope: !26, file: !10, line: 3, column: 31)
!32 = !DILocation(line: 4, column: 9, scope: !31)
!33 = !DILocation(line: 4, column: 13, scope: !31)
!34 = !DILocation(line: 5, column: 9, scope: !31)
!35 = !DILocation(line: 5, column: 7, scope: !31)
!36 = !DILocation(line: 6, column: 9, scope: !31)
!37 = !DILocation(line: 6, column: 13, scope: !31)
!38 = !DILocation(line: 6, column: 11, scope: !31)
!39 = !DILocation(line: 6, column: 7, scope: !31)
!40 = !DILocation(line: 7, column: 3, scope: !31)
!41 = !DILocation(line: 3, column: 27, scope: !26)
!42 = !DILocation(line: 3, column: 3, scope: !26)
!43 = distinct !{!43, !29, !44, !45}
!44 = !DILocation(line: 7, column: 3, scope: !22)
!45 = !{!"llvm.loop.mustprogress"}
!46 = !DILocation(line: 8, column: 10, scope: !9)
!47 = !DILocation(line: 8, column: 3, scope: !9)
