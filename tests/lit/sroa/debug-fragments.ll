; Debug declarations of a split alloca. Each part's alloca gets a
; declaration of the fragment of the variable it holds, as LLVM's SROA
; does, and promoting the parts turns them into dbg.values of those
; fragments: after splitting `struct P p = {a, b}`, p.x is the fragment
; (0, 32) and p.y (32, 32), the same records LLVM's sroa writes (LLVM
; prefix). A fragment is bounded by the variable's size, read through the
; glue (the C API has none): @wider_alloca declares a 32-bit variable on a
; 64-bit alloca, so the first part describes all of it and the second none.

; RUN: %opt -passes='pebble-sroa,verify' -S %s | FileCheck %s
; RUN: opt -passes='sroa' -S %s | FileCheck %s --check-prefix=LLVM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.P = type { i32, i32 }

; CHECK-LABEL: define i32 @pair(
; CHECK-NOT:     alloca
; CHECK:         #dbg_value(i32 %a, ![[P:[0-9]+]], !DIExpression(DW_OP_LLVM_fragment, 0, 32),
; CHECK-NEXT:    #dbg_value(i32 %b, ![[P]], !DIExpression(DW_OP_LLVM_fragment, 32, 32),
; CHECK-NEXT:    %sum = add nsw i32 %a, %b
; LLVM-LABEL: define i32 @pair(
; LLVM:         #dbg_value(i32 %a, ![[P:[0-9]+]], !DIExpression(DW_OP_LLVM_fragment, 0, 32),
; LLVM-NEXT:    #dbg_value(i32 %b, ![[P]], !DIExpression(DW_OP_LLVM_fragment, 32, 32),
; LLVM-NEXT:    %sum = add nsw i32 %a, %b
define i32 @pair(i32 %a, i32 %b) !dbg !10 {
  %p = alloca %struct.P, align 4
    #dbg_declare(ptr %p, !19, !DIExpression(), !24)
  %px = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 0
  store i32 %a, ptr %px, align 4, !dbg !24
  %py = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 1
  store i32 %b, ptr %py, align 4, !dbg !24
  %x = load i32, ptr %px, align 4, !dbg !24
  %y = load i32, ptr %py, align 4, !dbg !24
  %sum = add nsw i32 %x, %y, !dbg !24
  ret i32 %sum, !dbg !24
}

; CHECK-LABEL: define i32 @wider_alloca(
; CHECK:         #dbg_value(i32 %a, ![[N:[0-9]+]], !DIExpression(),
; CHECK-NOT:     #dbg_value({{.*}}![[N]],
; CHECK:         ret i32
; LLVM-LABEL: define i32 @wider_alloca(
; LLVM:         #dbg_value(i32 %a, ![[N:[0-9]+]], !DIExpression(),
; LLVM-NOT:     #dbg_value({{.*}}![[N]],
; LLVM:         ret i32
define i32 @wider_alloca(i32 %a, i32 %b) !dbg !30 {
  %s = alloca %struct.P, align 4
    #dbg_declare(ptr %s, !31, !DIExpression(), !32)
  %sx = getelementptr inbounds %struct.P, ptr %s, i32 0, i32 0
  store i32 %a, ptr %sx, align 4, !dbg !32
  %sy = getelementptr inbounds %struct.P, ptr %s, i32 0, i32 1
  store i32 %b, ptr %sy, align 4, !dbg !32
  %x = load i32, ptr %sx, align 4, !dbg !32
  %y = load i32, ptr %sy, align 4, !dbg !32
  %sum = add nsw i32 %x, %y, !dbg !32
  ret i32 %sum, !dbg !32
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "p.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "pair", scope: !1, file: !1, line: 2, type: !11, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!19 = !DILocalVariable(name: "p", scope: !10, file: !1, line: 3, type: !20)
!20 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "P", file: !1, line: 1, size: 64, elements: !21)
!21 = !{!22, !23}
!22 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !20, file: !1, line: 1, baseType: !13, size: 32)
!23 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !20, file: !1, line: 1, baseType: !13, size: 32, offset: 32)
!24 = !DILocation(line: 3, column: 12, scope: !10)
!30 = distinct !DISubprogram(name: "wider_alloca", scope: !1, file: !1, line: 9, type: !11, scopeLine: 9, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocalVariable(name: "n", scope: !30, file: !1, line: 10, type: !13)
!32 = !DILocation(line: 10, column: 7, scope: !30)
