; A phi merging `undef` (no store on one path) with a value V: LLVM 19's
; folding replaces it by V whenever V dominates it, even when V may be
; poison (LLVM's own test single-store.ll marks this FIXME: it turns a read
; of uninitialised memory into poison). `pebble-mem2reg<compat>` deliberately
; folds only when V is guaranteed not to be poison by
; `mem2reg::values::guaranteed_not_poison` (constants, globals, `noundef`
; arguments, `freeze`, flagless arithmetic on such values), and `explain`
; reports what the pass does. So on @maybe_poison (`add` of an argument
; that may be poison) explain says the phi is kept, where opt
; -passes=mem2reg folds it; on @frozen (`freeze` is never poison) and
; @noundef_arg the phi folds in both.
;
; RUN: %pebble explain %s | FileCheck %s

; CHECK-LABEL: function @maybe_poison:
; CHECK: %x then join general (single store gave up: the load in join is not below the store) entry, join {join} 1 (join) none{{$}}
; CHECK: phis: pebble-mem2reg inserts 1, LLVM's mem2reg keeps 1

; CHECK-LABEL: function @frozen:
; CHECK: %x then join general (single store gave up: the load in join is not below the store) entry, join {join} 1 (join) join{{$}}
; CHECK: phis: pebble-mem2reg inserts 1, LLVM's mem2reg keeps 0

; CHECK-LABEL: function @noundef_arg:
; CHECK: %x then, else join general entry, split, join {join} 1 (join) join{{$}}
; CHECK: phis: pebble-mem2reg inserts 1, LLVM's mem2reg keeps 0

define i32 @maybe_poison(i1 %c, i32 %v) {
entry:
  %x = alloca i32
  %f = add i32 %v, 1
  br i1 %c, label %then, label %join
then:
  store i32 %f, ptr %x
  br label %join
join:
  %r = load i32, ptr %x
  ret i32 %r
}

define i32 @frozen(i1 %c, i32 %v) {
entry:
  %x = alloca i32
  %f = freeze i32 %v
  br i1 %c, label %then, label %join
then:
  store i32 %f, ptr %x
  br label %join
join:
  %r = load i32, ptr %x
  ret i32 %r
}

define i32 @noundef_arg(i1 %c, i1 %d, i32 noundef %v) {
entry:
  %x = alloca i32
  br i1 %c, label %then, label %split
split:
  br i1 %d, label %else, label %join
then:
  store i32 %v, ptr %x
  br label %join
else:
  store i32 %v, ptr %x
  br label %join
join:
  %r = load i32, ptr %x
  ret i32 %r
}
