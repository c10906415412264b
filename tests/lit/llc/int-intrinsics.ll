; Integer intrinsics clang emits for C are expanded inline (no Zbb, no
; libgcc): min/max as a compare and a branch-free select, ctpop as the
; SWAR count with its masks, a constant rotation (fshl of a value with
; itself) as two shifts and an or re-sign-extended, usub.sat as the
; difference masked by the borrow, bswap by ever larger group swaps.
; (Their values are checked by tests/backend/intrinsics.c under qemu.)

; RUN: %pebble llc %s -o - | FileCheck %s

target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: umin:
; CHECK: sltu [[C:[a-z0-9]+]], a0, a1
; CHECK: neg
; CHECK: xor
; CHECK: and
; CHECK: xor
define i32 @umin(i32 %a, i32 %b) {
  %r = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  ret i32 %r
}

; CHECK-LABEL: popcount:
; CHECK-DAG: li {{[a-z0-9]+}}, 6148914691236517205
; CHECK-DAG: li {{[a-z0-9]+}}, 3689348814741910323
; CHECK-DAG: li {{[a-z0-9]+}}, 1085102592571150095
; CHECK: mul
; CHECK: srli a0, {{[a-z0-9]+}}, 56
define i64 @popcount(i64 %a) {
  %r = call i64 @llvm.ctpop.i64(i64 %a)
  ret i64 %r
}

; CHECK-LABEL: rotl5:
; CHECK-DAG: slli {{[a-z0-9]+}}, a0, 5
; CHECK-DAG: srli {{[a-z0-9]+}}, {{[a-z0-9]+}}, 27
; CHECK: or
; CHECK: addiw a0
define i32 @rotl5(i32 %a) {
  %r = call i32 @llvm.fshl.i32(i32 %a, i32 %a, i32 5)
  ret i32 %r
}

; CHECK-LABEL: usubsat:
; CHECK: sltu
; CHECK: addi {{[a-z0-9]+}}, {{[a-z0-9]+}}, -1
; CHECK: and a0
define i64 @usubsat(i64 %a, i64 %b) {
  %r = call i64 @llvm.usub.sat.i64(i64 %a, i64 %b)
  ret i64 %r
}

; CHECK-LABEL: bswap32:
; CHECK: li {{[a-z0-9]+}}, 71777214294589695
; CHECK: li {{[a-z0-9]+}}, 281470681808895
; CHECK: srai a0, {{[a-z0-9]+}}, 32
define i32 @bswap32(i32 %a) {
  %r = call i32 @llvm.bswap.i32(i32 %a)
  ret i32 %r
}

; CHECK-LABEL: overflow:
; CHECK: mulhu
; CHECK: snez
define i1 @overflow(i64 %a, i64 %b) {
  %r = call { i64, i1 } @llvm.umul.with.overflow.i64(i64 %a, i64 %b)
  %o = extractvalue { i64, i1 } %r, 1
  ret i1 %o
}

declare i32 @llvm.umin.i32(i32, i32)
declare i64 @llvm.ctpop.i64(i64)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i64 @llvm.usub.sat.i64(i64, i64)
declare i32 @llvm.bswap.i32(i32)
declare { i64, i1 } @llvm.umul.with.overflow.i64(i64, i64)
