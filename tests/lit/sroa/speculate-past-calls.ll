; A load through a phi of two allocas' addresses is speculated into the
; predecessors (speculate.rs, LLVM's isSafePHIToSpeculate) when nothing
; between the phi and the load may write memory: a debug record or a call
; whose `memory` attribute only reads does not count, a call that may
; write does. LLVM 19's SROA sees debug records as `llvm.dbg.value` calls
; (the plugin converts them around the pass); counting those as writes kept
; both allocas under -g only (csmith 20016, `scripts/difftest-sroa`: "-g
; changes the code"). Each function ends as `opt -passes=sroa` leaves it.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: opt -passes=sroa -S %s | FileCheck %s

; STATS: pebble-sroa: @past_a_debug_record: split 0 allocas into 0 slices, promoted 2 allocas, inserted 0 phis, speculated 2 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @past_a_reading_call: split 0 allocas into 0 slices, promoted 2 allocas, inserted 0 phis, speculated 2 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @not_past_a_writing_call: split 0 allocas into 0 slices, promoted 0 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses

; CHECK-LABEL: @past_a_debug_record(
; CHECK-NOT: alloca
; CHECK: join:
; CHECK-NEXT: phi i32 [ 1, %entry ], [ 2, %then ]
define i32 @past_a_debug_record(i1 %c) !dbg !5 {
entry:
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  store i32 1, ptr %a, align 4
  store i32 2, ptr %b, align 4
  br i1 %c, label %join, label %then

then:
  br label %join

join:
  %p = phi ptr [ %a, %entry ], [ %b, %then ]
    #dbg_value(ptr %p, !9, !DIExpression(), !11)
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

; CHECK-LABEL: @past_a_reading_call(
; CHECK-NOT: alloca
; CHECK: join:
; CHECK-NEXT: phi i32 [ 1, %entry ], [ 2, %then ]
define i32 @past_a_reading_call(i1 %c) {
entry:
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  store i32 1, ptr %a, align 4
  store i32 2, ptr %b, align 4
  br i1 %c, label %join, label %then

then:
  br label %join

join:
  %p = phi ptr [ %a, %entry ], [ %b, %then ]
  %r = call i32 @reads()
  %v = load i32, ptr %p, align 4
  %s = add i32 %v, %r
  ret i32 %s
}

; CHECK-LABEL: @not_past_a_writing_call(
; CHECK: alloca i32
; CHECK: alloca i32
; CHECK: load i32, ptr %p
define i32 @not_past_a_writing_call(i1 %c) {
entry:
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  store i32 1, ptr %a, align 4
  store i32 2, ptr %b, align 4
  br i1 %c, label %join, label %then

then:
  br label %join

join:
  %p = phi ptr [ %a, %entry ], [ %b, %then ]
  %r = call i32 @writes()
  %v = load i32, ptr %p, align 4
  %s = add i32 %v, %r
  ret i32 %s
}

declare i32 @reads() memory(read)
declare i32 @writes() memory(write)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "speculate-past-calls.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "past_a_debug_record", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{!8}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!9 = !DILocalVariable(name: "p", scope: !5, file: !1, line: 2, type: !10)
!10 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64)
!11 = !DILocation(line: 2, scope: !5)
