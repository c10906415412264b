; fastcc and coldcc functions (what GlobalOpt makes of internal functions at
; -O2) are lowered as the C convention at the definition and at every call,
; so both sides agree: the argument goes in a0, the result comes back in a0.
; `tail` is only a hint: an ordinary call.

; RUN: %pebble llc %s -o - | FileCheck %s

target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: twice:
; CHECK: slliw a0, a0, 1
; CHECK: ret
define internal fastcc i32 @twice(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}

; CHECK-LABEL: rarely:
; CHECK: addiw a0, a0, -1
define internal coldcc i32 @rarely(i32 %x) {
  %r = sub i32 %x, 1
  ret i32 %r
}

; CHECK-LABEL: main:
; CHECK: call twice
; CHECK: call rarely
define i32 @main() {
  %a = tail call fastcc i32 @twice(i32 21)
  %b = call coldcc i32 @rarely(i32 %a)
  ret i32 %b
}
