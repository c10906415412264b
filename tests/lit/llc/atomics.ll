; Atomics on RV64GC: the fence mapping of the ISA manual's Table A.6 around
; plain loads and stores, AMOs with their ordering suffixes, LR/SC loops for
; nand, masked word loops for i8/i16, and compare-and-swap. The sequences
; are the ones llc 19 emits (-mattr=+m,+a,+f,+d,+c), register names aside.
; The register names below are linear scan's (-O0); graph colouring (-O2)
; picks others, and must still pass the allocation checker, which also
; holds the sequences' early-clobber rule.
; RUN: %pebble llc -O0 --verify-regalloc %s -o - | FileCheck %s
; RUN: %pebble llc -O2 --verify-regalloc %s -o /dev/null
target triple = "riscv64-unknown-linux-gnu"

; CHECK-LABEL: load_seq_cst:
; CHECK: fence rw, rw
; CHECK-NEXT: lw [[R:[a-z0-9]+]], 0(a0)
; CHECK-NEXT: fence r, rw
define i32 @load_seq_cst(ptr %p) {
  %v = load atomic i32, ptr %p seq_cst, align 4
  ret i32 %v
}

; CHECK-LABEL: load_acquire:
; CHECK-NOT: fence rw, rw
; CHECK: ld {{.*}}, 0(a0)
; CHECK-NEXT: fence r, rw
define i64 @load_acquire(ptr %p) {
  %v = load atomic i64, ptr %p acquire, align 8
  ret i64 %v
}

; CHECK-LABEL: store_seq_cst:
; CHECK: fence rw, w
; CHECK-NEXT: sw a1, 0(a0)
; CHECK-NEXT: fence rw, rw
define void @store_seq_cst(ptr %p, i32 %x) {
  store atomic i32 %x, ptr %p seq_cst, align 4
  ret void
}

; CHECK-LABEL: store_release_i8:
; CHECK: fence rw, w
; CHECK-NEXT: sb {{[a-z0-9]+}}, 0(a0)
; CHECK-NEXT: ret
define void @store_release_i8(ptr %p, i8 %x) {
  store atomic i8 %x, ptr %p release, align 1
  ret void
}

; CHECK-LABEL: fences:
; CHECK: fence r, rw
; CHECK-NEXT: fence rw, w
; CHECK-NEXT: fence.tso
; CHECK-NEXT: fence rw, rw
; CHECK-NEXT: ret
define void @fences() {
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  ret void
}

; CHECK-LABEL: sub_acq_rel:
; CHECK: neg [[N:[a-z0-9]+]], a1
; CHECK-NEXT: amoadd.w.aqrl {{[a-z0-9]+}}, [[N]], (a0)
define i32 @sub_acq_rel(ptr %p, i32 %x) {
  %v = atomicrmw sub ptr %p, i32 %x acq_rel
  ret i32 %v
}

; CHECK-LABEL: xchg_release:
; CHECK: amoswap.d.rl {{[a-z0-9]+}}, a1, (a0)
define i64 @xchg_release(ptr %p, i64 %x) {
  %v = atomicrmw xchg ptr %p, i64 %x release
  ret i64 %v
}

; CHECK-LABEL: umax_relaxed:
; CHECK: amomaxu.w {{[a-z0-9]+}}, a1, (a0)
define i32 @umax_relaxed(ptr %p, i32 %x) {
  %v = atomicrmw umax ptr %p, i32 %x monotonic
  ret i32 %v
}

; CHECK-LABEL: nand:
; CHECK: 1: lr.w.aqrl [[D:[a-z0-9]+]], (a0)
; CHECK-NEXT: and [[T:[a-z0-9]+]], [[D]], a1
; CHECK-NEXT: not [[T]], [[T]]
; CHECK-NEXT: sc.w.rl [[T]], [[T]], (a0)
; CHECK-NEXT: bnez [[T]], 1b
define i32 @nand(ptr %p, i32 %x) {
  %v = atomicrmw nand ptr %p, i32 %x seq_cst
  ret i32 %v
}

; The i8 add works on the aligned word: mask and shifted operand first.
; CHECK-LABEL: add8:
; CHECK: andi [[A:[a-z0-9]+]], a0, -4
; CHECK-NEXT: slli [[S:[a-z0-9]+]], a0, 3
; CHECK-NEXT: li [[M:[a-z0-9]+]], 255
; CHECK-NEXT: sllw [[M]], [[M]], [[S]]
; CHECK-NEXT: andi [[V:[a-z0-9]+]], {{[a-z0-9]+}}, 255
; CHECK-NEXT: sllw [[V]], [[V]], [[S]]
; CHECK-NEXT: 1: lr.w.aqrl [[D:[a-z0-9]+]], ([[A]])
; CHECK-NEXT: add [[T:[a-z0-9]+]], [[D]], [[V]]
; CHECK-NEXT: xor [[T]], [[T]], [[D]]
; CHECK-NEXT: and [[T]], [[T]], [[M]]
; CHECK-NEXT: xor [[T]], [[T]], [[D]]
; CHECK-NEXT: sc.w.rl [[T]], [[T]], ([[A]])
; CHECK-NEXT: bnez [[T]], 1b
; CHECK-NEXT: srlw [[D]], [[D]], [[S]]
define i8 @add8(ptr %p, i8 %x) {
  %v = atomicrmw add ptr %p, i8 %x seq_cst
  ret i8 %v
}

; CHECK-LABEL: or16:
; CHECK: amoor.w {{[a-z0-9]+}}, {{[a-z0-9]+}}, ({{[a-z0-9]+}})
; CHECK-NOT: lr.w
define i16 @or16(ptr %p, i16 %x) {
  %v = atomicrmw or ptr %p, i16 %x monotonic
  ret i16 %v
}

; CHECK-LABEL: max16:
; CHECK: 1: lr.w.aqrl
; CHECK: sll
; CHECK-NEXT: sra
; CHECK-NEXT: bge
; CHECK: 2: sc.w.rl
define i16 @max16(ptr %p, i16 %x) {
  %v = atomicrmw max ptr %p, i16 %x seq_cst
  ret i16 %v
}

; Both result fields of cmpxchg; acquire/monotonic: .aq on the LR only.
; CHECK-LABEL: cas_acquire:
; CHECK: 1: lr.w.aq [[D:[a-z0-9]+]], (a0)
; CHECK-NEXT: bne [[D]], a1, 2f
; CHECK-NEXT: sc.w [[T:[a-z0-9]+]], a2, (a0)
; CHECK-NEXT: bnez [[T]], 1b
; CHECK-NEXT: 2: xor [[T]], a1, [[D]]
; CHECK-NEXT: seqz
define i32 @cas_acquire(ptr %p, i32 %a, i32 %b) {
  %r = cmpxchg weak ptr %p, i32 %a, i32 %b acquire monotonic
  %v = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  %z = zext i1 %ok to i32
  %s = add i32 %v, %z
  ret i32 %s
}

; CHECK-LABEL: cas8:
; CHECK: 1: lr.w.aqrl
; CHECK: bne {{.*}}, 2f
; CHECK: sc.w.rl
; CHECK: 2: and
define { i8, i1 } @cas8(ptr %p, i8 %a, i8 %b) {
  %r = cmpxchg ptr %p, i8 %a, i8 %b seq_cst seq_cst
  ret { i8, i1 } %r
}

; FP read-modify-write is a compare-and-swap loop (no FP instruction between
; LR and SC).
; CHECK-LABEL: fadd:
; CHECK: lw
; CHECK-NEXT: 1: fmv.w.x
; CHECK-NEXT: fadd.s
; CHECK-NEXT: fmv.x.w
; CHECK-NEXT: 2: lr.w.aqrl
define float @fadd(ptr %p, float %x) {
  %v = atomicrmw fadd ptr %p, float %x seq_cst
  ret float %v
}
