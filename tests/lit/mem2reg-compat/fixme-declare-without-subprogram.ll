; FIXME (known difference from LLVM, both versions): debug declares in a
; function that has no DISubprogram (here @f's `!dbg` was removed from the
; clang -g output; the records still name @f's variables). LLVM converts
; each declare of a promoted alloca as usual, a dbg.value at every removed
; store and new phi, but with a line-0 location in the variable's scope
; (it cannot use the store's location). Pebble leaves each declare behind
; with its address gone (`ptr undef` on LLVM 19, `ptr poison` on 22) and
; describes nothing: the variables read as optimised out. Pinned so a
; change on either side shows up.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefixes=CHECK,LLVM
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s --check-prefixes=CHECK,PEBBLE

; CHECK-LABEL: define i32 @f(i32 noundef %c) {
; CHECK-NEXT:  entry:
; LLVM-NEXT:     #dbg_value(i32 %c, ![[C:[0-9]+]], !DIExpression(), ![[LINE0:[0-9]+]])
; LLVM-NEXT:     #dbg_value(i32 1, ![[X:[0-9]+]], !DIExpression(), ![[LINE0]])
; PEBBLE-NEXT:   #dbg_declare(ptr {{undef|poison}}, ![[C:[0-9]+]], !DIExpression(),
; PEBBLE-NEXT:   #dbg_declare(ptr {{undef|poison}}, ![[X:[0-9]+]], !DIExpression(),
; CHECK:       if.then:
; LLVM-NEXT:     #dbg_value(i32 2, ![[X]], !DIExpression(), ![[LINE0]])
; PEBBLE-NOT:    #dbg_value
; CHECK:       if.end:
; CHECK-NEXT:    %x.0 = phi i32 [ 2, %if.then ], [ 1, %entry ]
; LLVM-NEXT:     #dbg_value(i32 %x.0, ![[X]], !DIExpression(), ![[LINE0]])
; PEBBLE-NOT:    #dbg_value
; CHECK:         ret i32 %x.0
; LLVM:        distinct !DISubprogram(name: "f",
; LLVM:        ![[LINE0]] = !DILocation(line: 0, scope: !{{[0-9]+}})

define i32 @f(i32 noundef %c) {
entry:
  %c.addr = alloca i32, align 4
  %x = alloca i32, align 4
  store i32 %c, ptr %c.addr, align 4
    #dbg_declare(ptr %c.addr, !11, !DIExpression(), !12)
    #dbg_declare(ptr %x, !13, !DIExpression(), !14)
  store i32 1, ptr %x, align 4, !dbg !14
  %0 = load i32, ptr %c.addr, align 4, !dbg !15
  %tobool = icmp ne i32 %0, 0, !dbg !15
  br i1 %tobool, label %if.then, label %if.end, !dbg !15

if.then:
  store i32 2, ptr %x, align 4, !dbg !16
  br label %if.end, !dbg !16

if.end:
  %1 = load i32, ptr %x, align 4, !dbg !17
  ret i32 %1, !dbg !17
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "nosp.c", directory: "/tmp")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!7 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !8, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0)
!8 = !DISubroutineType(types: !9)
!9 = !{!10, !10}
!10 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!11 = !DILocalVariable(name: "c", arg: 1, scope: !7, file: !1, line: 1, type: !10)
!12 = !DILocation(line: 1, column: 11, scope: !7)
!13 = !DILocalVariable(name: "x", scope: !7, file: !1, line: 1, type: !10)
!14 = !DILocation(line: 1, column: 20, scope: !7)
!15 = !DILocation(line: 1, column: 31, scope: !7)
!16 = !DILocation(line: 1, column: 34, scope: !7)
!17 = !DILocation(line: 1, column: 48, scope: !7)
