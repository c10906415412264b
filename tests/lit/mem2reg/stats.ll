; The `<stats>` parameter: one line on stderr per function that has entry-
; block allocas, `pebble-mem2reg: @<function>: promoted <n> allocas,
; inserted <m> phis`, in function order. A function without allocas, a
; declaration, and a function whose only alloca is outside the entry block
; (mem2reg, like LLVM's, looks at the entry block only) print nothing:
; --implicit-check-not makes any extra line fail. A function with only
; non-promotable allocas prints `promoted 0 allocas`. Without `<stats>`
; nothing is printed, and stats never go to stdout (the IR stays clean).

; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --implicit-check-not=pebble-mem2reg
; RUN: %opt -passes=pebble-mem2reg -disable-output %s 2>&1 | count 0
; RUN: %opt -passes='pebble-mem2reg<stats>' -S %s 2>/dev/null \
; RUN:   | FileCheck %s --check-prefix=IR --implicit-check-not=promoted

; CHECK:      pebble-mem2reg: @two_phis: promoted 2 allocas, inserted 2 phis
; CHECK-NEXT: pebble-mem2reg: @only_escaping: promoted 0 allocas, inserted 0 phis
; CHECK-NEXT: pebble-mem2reg: @mixed: promoted 1 allocas, inserted 0 phis
; CHECK-NOT:  {{.}}

; IR-LABEL: define i32 @two_phis(
; IR-LABEL: define i32 @no_allocas(
; IR-LABEL: define i32 @only_escaping(
; IR-LABEL: define i32 @mixed(
; IR-LABEL: define i32 @alloca_outside_entry(
; IR:         %late = alloca i32

declare void @use(ptr)
declare i32 @declared_only(i32)

define i32 @two_phis(i1 %c) {
entry:
  %x = alloca i32
  %y = alloca i32
  br i1 %c, label %t, label %e
t:
  store i32 1, ptr %x
  store i32 2, ptr %y
  br label %m
e:
  store i32 3, ptr %x
  store i32 4, ptr %y
  br label %m
m:
  %a = load i32, ptr %x
  %b = load i32, ptr %y
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @no_allocas(i32 %v) {
entry:
  ret i32 %v
}

define i32 @only_escaping() {
entry:
  %a = alloca i32
  store i32 1, ptr %a
  call void @use(ptr %a)
  %v = load i32, ptr %a
  ret i32 %v
}

define i32 @mixed() {
entry:
  %kept = alloca i32
  %free = alloca i32
  store i32 1, ptr %free
  call void @use(ptr %kept)
  %v = load i32, ptr %free
  ret i32 %v
}

define i32 @alloca_outside_entry() {
entry:
  br label %next
next:
  %late = alloca i32
  store i32 1, ptr %late
  %v = load i32, ptr %late
  ret i32 %v
}
