; A dense switch (8 cases over 0..9) becomes a bounds check and a jump
; through a table of 32-bit offsets; a sparse one (values 1000 apart)
; becomes a balanced tree of blt on pivots with beq at the leaves
; (codegen/riscv/switch_plan.rs).

; RUN: %pebble llc %s -o - | FileCheck %s

target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: dense:
; CHECK: bltu
; CHECK: lla [[T:[a-z0-9]+]], [[TABLE:\.LBB[0-9]+_sw[0-9]+]]
; CHECK: jr
; CHECK: [[TABLE]]:
; CHECK-NEXT: .word .LBB{{[0-9]+}}_{{[0-9]+}}-[[TABLE]]
define i32 @dense(i32 %x) {
entry:
  switch i32 %x, label %other [
    i32 0, label %a
    i32 1, label %b
    i32 2, label %a
    i32 3, label %b
    i32 5, label %a
    i32 7, label %b
    i32 8, label %a
    i32 9, label %b
  ]
a:
  ret i32 10
b:
  ret i32 20
other:
  ret i32 30
}

; CHECK-LABEL: sparse:
; CHECK: blt
; CHECK: beq
; CHECK-NOT: jr
; CHECK: ret
define i32 @sparse(i32 %x) {
entry:
  switch i32 %x, label %other [
    i32 1000, label %a
    i32 2000, label %b
    i32 3000, label %a
    i32 4000, label %b
    i32 5000, label %a
    i32 6000, label %b
  ]
a:
  ret i32 10
b:
  ret i32 20
other:
  ret i32 30
}
