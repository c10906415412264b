; GNU inline asm: operands substituted into the template ($N, ${N:z}, $$),
; a matching input copied into its output first, a memory operand printed
; 0(reg), and a register clobber keeping live values out of caller-saved
; registers.
; The register names below are linear scan's (-O0); graph colouring (-O2)
; must also keep live values out of the clobbered registers and pass the
; allocation checker.
; RUN: %pebble llc -O0 --verify-regalloc %s -o - | FileCheck %s
; RUN: %pebble llc -O2 --verify-regalloc %s -o /dev/null
target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: ops:
; CHECK: #APP
; CHECK-NEXT: add [[R:[a-z0-9]+]], a0, zero # $ 0(a1)
; CHECK-NEXT: #NO_APP
define i64 @ops(i64 %a, ptr %p) {
  %r = call i64 asm "add $0, $1, ${2:z} # $$ $3", "=r,r,i,*m"(i64 %a, i64 0, ptr elementtype(i64) %p)
  ret i64 %r
}

; CHECK-LABEL: tied:
; CHECK: mv [[O:[a-z0-9]+]], a0
; CHECK-NEXT: #APP
; CHECK-NEXT: slli [[O]], [[O]], 3
define i64 @tied(i64 %x) {
  %r = call i64 asm "slli $0, $0, 3", "=r,0"(i64 %x)
  ret i64 %r
}

; %k is live across an asm clobbering t0: it sits in a callee-saved register.
; CHECK-LABEL: clobber:
; CHECK: mv [[K:s[0-9]+]], a0
; CHECK: #APP
; CHECK-NEXT: li t0, 1
; CHECK: add a0, {{.*}}[[K]]
define i64 @clobber(i64 %k) {
  call void asm sideeffect "li t0, 1", "~{t0},~{memory}"()
  %r = add i64 %k, %k
  ret i64 %r
}

; `asm("")`, the compiler barrier zstd writes: no operands, an empty
; constraint string, an empty template.
; CHECK-LABEL: barrier:
; CHECK: #APP
; CHECK-NEXT: #NO_APP
; CHECK-NEXT: ret
define void @barrier() {
  call void asm sideeffect "", ""()
  ret void
}
