; Duplicate CFG edges (LLVM's 2003-04-24-MultipleIdenticalSuccessors): a
; switch with several cases to one block and a `br` with both targets the
; same give the phi one entry per edge.
;
; Both RUN lines share the CHECK lines, which are LLVM's own output: Pebble's
; compat mode must print exactly what `opt -passes=mem2reg` prints. The entry
; order is the renamer's walk, which differs between versions: LLVM 19 goes
; to the first successor (%other, the default) and reaches %join from it
; first; LLVM 22 visits a block's successors in order of last occurrence
; (%join, case 1, before %other, case 2), so %entry's entries come first.

; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefixes=CHECK,LLVM-%llvm-major
; RUN: %opt -passes='pebble-mem2reg<compat>' -S %s | FileCheck %s --check-prefixes=CHECK,LLVM-%llvm-major

; CHECK-LABEL: define {{.*}}@switch_dups(
; CHECK-NEXT:  entry:
; CHECK-NEXT:  switch i32 %k, label %other [
; CHECK-NEXT:  i32 0, label %join
; CHECK-NEXT:  i32 1, label %join
; CHECK-NEXT:  i32 2, label %other
; CHECK-NEXT:  ]
; CHECK-EMPTY:
; CHECK-NEXT:  other:
; CHECK-NEXT:  br i1 true, label %join, label %join
; CHECK-EMPTY:
; CHECK-NEXT:  join:
; LLVM-19-NEXT: %x.0 = phi i32 [ %a, %other ], [ %a, %other ], [ 1, %entry ], [ 1, %entry ]
; LLVM-22-NEXT: %x.0 = phi i32 [ 1, %entry ], [ 1, %entry ], [ %a, %other ], [ %a, %other ]
; CHECK-NEXT:  ret i32 %x.0
; CHECK-NEXT:  }
define i32 @switch_dups(i32 %k, i32 %a) {
entry:
  %x = alloca i32
  store i32 1, ptr %x
  switch i32 %k, label %other [
    i32 0, label %join
    i32 1, label %join
    i32 2, label %other
  ]
other:
  store i32 %a, ptr %x
  br i1 true, label %join, label %join
join:
  %v = load i32, ptr %x
  ret i32 %v
}
