; Debug markers outside the rotated header that name its values
; (LLVM's RewriteUsesOfClonedInstructions on findDbgValues). After rotation
; a header value has two definitions, so a marker below the old header's
; entry edge may name a value that no longer dominates it (the verifier
; does not check debug uses; scripts/lib/dbg_dominance.py does). As LLVM:
; in the loop a marker reads the phi made for the real uses (body: `i` is
; %i's phi in for.body, as is the one in latch); after the loop it reads
; the live-in value the real uses got (exit: `sq` is the loop-closed phi,
; after: the same phi, through exit, which LLVM's LCSSA gives it); where
; no value is at hand it says undef (LLVM 19) or poison (LLVM 22) rather
; than placing a phi for it (body: `sq`, whose only real use is in exit).
; The same CHECK lines on LLVM's loop-rotate output.

; RUN: %opt -passes=pebble-loop-rotate -S %s -o %t.pebble.ll
; RUN: opt -passes=verify -disable-output %t.pebble.ll
; RUN: FileCheck %s --check-prefixes=CHECK,LLVM%llvm-major < %t.pebble.ll
; RUN: %python %S/../../../scripts/lib/dbg_dominance.py %t.pebble.ll
; RUN: opt -passes=loop-rotate -S %s -o %t.llvm.ll
; RUN: FileCheck %s --check-prefixes=CHECK,LLVM%llvm-major < %t.llvm.ll

; CHECK-LABEL: define i32 @uses(
; CHECK:       body:
; CHECK-NEXT:    [[I:%.*]] = phi i32
; CHECK-NEXT:    #dbg_value(i32 [[I]], [[VI:![0-9]+]], !DIExpression(),
; LLVM19-NEXT:   #dbg_value(i32 undef, [[VSQ:![0-9]+]], !DIExpression(),
; LLVM22-NEXT:   #dbg_value(i32 poison, [[VSQ:![0-9]+]], !DIExpression(),
; CHECK:       latch:
; CHECK-NEXT:    #dbg_value(i32 [[I]], [[VI]], !DIExpression(),
; CHECK-NEXT:    %inc = add i32 [[I]], 1
; CHECK:       exit:
; CHECK-NEXT:    [[SQX:%.*]] = phi i32
; CHECK-NEXT:    #dbg_value(i32 [[SQX]], [[VSQ]], !DIExpression(),
; CHECK-NEXT:    %r = add i32 [[SQX]], 7
; CHECK:       after:
; CHECK-NEXT:    #dbg_value(i32 [[SQX]], [[VSQ]], !DIExpression(),

define i32 @uses(i32 %n) !dbg !5 {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %inc, %latch ]
  %sq = mul i32 %i, %i, !dbg !13
  %cmp = icmp slt i32 %i, %n, !dbg !13
  br i1 %cmp, label %body, label %exit, !dbg !13
body:
    #dbg_value(i32 %i, !10, !DIExpression(), !13)
    #dbg_value(i32 %sq, !11, !DIExpression(), !13)
  call void @g(), !dbg !14
  br label %latch, !dbg !14
latch:
    #dbg_value(i32 %i, !10, !DIExpression(), !13)
  %inc = add i32 %i, 1, !dbg !14
  br label %header, !dbg !14
exit:
    #dbg_value(i32 %sq, !11, !DIExpression(), !13)
  %r = add i32 %sq, 7, !dbg !15
  br label %after, !dbg !15
after:
    #dbg_value(i32 %sq, !11, !DIExpression(), !13)
  ret i32 %r, !dbg !15
}

declare void @g()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "uses.c", directory: "/")
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "uses", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !8)
!6 = !DISubroutineType(types: !7)
!7 = !{!2, !2}
!8 = !{}
!10 = !DILocalVariable(name: "i", scope: !5, file: !1, line: 2, type: !2)
!11 = !DILocalVariable(name: "sq", scope: !5, file: !1, line: 3, type: !2)
!13 = !DILocation(line: 2, scope: !5)
!14 = !DILocation(line: 3, scope: !5)
!15 = !DILocation(line: 4, scope: !5)
