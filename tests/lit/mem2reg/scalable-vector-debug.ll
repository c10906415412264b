; Scalable-vector allocas with debug declarations (issue 15, item 7). To
; turn a `dbg.declare` into `dbg.value`s, mem2reg asks whether a stored value
; covers the whole variable (LLVM's valueCoversEntireFragment). Pebble asked
; LLVMABISizeOfType, which LLVM makes a fatal error for `<vscale x 4 x i32>`
; ("Invalid size request on a scalable vector"): opt aborted in every mode
; and in pebble-sroa's promotion. Sizes now come from ir::type_size (a
; known minimum times vscale, compared as TypeSize::isKnownGE), and the
; output is LLVM's mem2reg's: %t gets a phi and dbg.values of the stored
; vectors; the fixed 64-bit fragment of %u is covered by a value of at least
; 128 bits.

; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s
; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg' -S %s | FileCheck %s --check-prefix=PROMOTED
; RUN: %opt -passes='pebble-sroa' -S %s | FileCheck %s --check-prefix=PROMOTED
; The updater mode leaves these allocas alone (its own choice), but must
; not abort either.
; RUN: %opt -passes='pebble-mem2reg<updater>' -disable-output %s

; CHECK-LABEL: define <vscale x 4 x i32> @select_vector(
; CHECK-NOT:     alloca
; CHECK:           #dbg_value(<vscale x 4 x i32> %a, [[T:![0-9]+]], !DIExpression(),
; CHECK:           #dbg_value(<vscale x 4 x i32> %b, [[T]], !DIExpression(),
; CHECK:         %t.0 = phi <vscale x 4 x i32> [ %b, %then ], [ %a, %entry ]
; CHECK-NEXT:      #dbg_value(<vscale x 4 x i32> %t.0, [[T]], !DIExpression(),
; CHECK-NEXT:    ret <vscale x 4 x i32> %t.0

; CHECK-LABEL: define <vscale x 4 x i32> @fixed_fragment(
; CHECK-NOT:     alloca
; CHECK:           #dbg_value(<vscale x 4 x i32> %a, {{![0-9]+}}, !DIExpression(DW_OP_LLVM_fragment, 0, 64),
; CHECK:         ret <vscale x 4 x i32> %a

; PROMOTED-LABEL: define <vscale x 4 x i32> @select_vector(
; PROMOTED-NOT:   alloca
; PROMOTED:       phi <vscale x 4 x i32>
; PROMOTED-LABEL: define <vscale x 4 x i32> @fixed_fragment(
; PROMOTED-NOT:   alloca
; PROMOTED:       ret <vscale x 4 x i32> %a

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

define <vscale x 4 x i32> @select_vector(<vscale x 4 x i32> %a, <vscale x 4 x i32> %b, i1 %c) #0 !dbg !10 {
entry:
  %t = alloca <vscale x 4 x i32>, align 16
    #dbg_declare(ptr %t, !25, !DIExpression(), !26)
  store <vscale x 4 x i32> %a, ptr %t, align 16, !dbg !26
  br i1 %c, label %then, label %join, !dbg !26
then:
  store <vscale x 4 x i32> %b, ptr %t, align 16, !dbg !26
  br label %join, !dbg !26
join:
  %v = load <vscale x 4 x i32>, ptr %t, align 16, !dbg !26
  ret <vscale x 4 x i32> %v, !dbg !26
}

define <vscale x 4 x i32> @fixed_fragment(<vscale x 4 x i32> %a) #0 !dbg !30 {
entry:
  %u = alloca <vscale x 4 x i32>, align 16
    #dbg_declare(ptr %u, !31, !DIExpression(DW_OP_LLVM_fragment, 0, 64), !32)
  store <vscale x 4 x i32> %a, ptr %u, align 16, !dbg !32
  %v = load <vscale x 4 x i32>, ptr %u, align 16, !dbg !32
  ret <vscale x 4 x i32> %v, !dbg !32
}

attributes #0 = { vscale_range(1,16) "target-features"="+sve" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "sve.c", directory: "/")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!10 = distinct !DISubprogram(name: "select_vector", scope: !1, file: !1, line: 1, type: !11, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!11 = !DISubroutineType(types: !12)
!12 = !{!13}
!13 = !DIDerivedType(tag: DW_TAG_typedef, name: "__SVInt32_t", file: !1, baseType: !14)
!14 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, flags: DIFlagVector, elements: !16)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !{!17}
!17 = !DISubrange(lowerBound: 0, upperBound: !DIExpression(DW_OP_constu, 2, DW_OP_bregx, 46, 0, DW_OP_mul, DW_OP_constu, 1, DW_OP_minus))
!25 = !DILocalVariable(name: "t", scope: !10, file: !1, line: 2, type: !13)
!26 = !DILocation(line: 2, column: 15, scope: !10)
!30 = distinct !DISubprogram(name: "fixed_fragment", scope: !1, file: !1, line: 9, type: !11, scopeLine: 9, spFlags: DISPFlagDefinition, unit: !0)
!31 = !DILocalVariable(name: "u", scope: !30, file: !1, line: 10, type: !13)
!32 = !DILocation(line: 10, column: 15, scope: !30)
