; The rest of C in IR form: weak declarations get `.weak` (an undefined one
; links as address 0), hidden and weak definitions, global aliases as
; `.set`, constant-expression initialisers as relocatable expressions,
; thread-local globals (local-exec for a definition, initial-exec for a
; declaration), computed goto (blockaddress labels and `jr`), and an
; over-aligned alloca rounded up at run time.
; RUN: %pebble llc --verify-regalloc %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: FileCheck --check-prefix=DATA %s < %t.s
target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

@x = global i32 1, align 4
@y = global [4 x i32] zeroinitializer, align 4
; DATA-LABEL: diff:
; DATA-NEXT: .quad y-x+8
@diff = global i64 add (i64 sub (i64 ptrtoint (ptr @y to i64), i64 ptrtoint (ptr @x to i64)), i64 8)
; DATA-LABEL: low:
; DATA-NEXT: .word x+4
@low = global i32 trunc (i64 ptrtoint (ptr getelementptr (i8, ptr @x, i64 4) to i64) to i32)
; An inttoptr of a constant is plain bytes.
; DATA-LABEL: minus_one:
; DATA-NEXT: .byte 255,255,255,255,255,255,255,255
@minus_one = global ptr inttoptr (i64 -1 to ptr)
; DATA-LABEL: labels:
; DATA-NEXT: .quad .LBA0_1
; DATA-NEXT: .word .LBA0_2-.LBA0_1
@labels = global { ptr, i32 } { ptr blockaddress(@goto, %b1), i32 trunc (i64 sub (i64 ptrtoint (ptr blockaddress(@goto, %b2) to i64), i64 ptrtoint (ptr blockaddress(@goto, %b1) to i64)) to i32) }

; DATA: .section .tdata,"awT",@progbits
; DATA: .type tl, @tls_object
@tl = thread_local global i32 5, align 4
; DATA: .section .tbss,"awT",@nobits
@tz = internal thread_local global i64 0, align 8
@te = external thread_local global i32

; DATA-DAG: .weak maybe
@maybe = extern_weak global i32
; DATA-DAG: .weak fmaybe
declare extern_weak i32 @fmaybe(i32)

; DATA-DAG: .globl alias_x
; DATA-DAG: .set alias_x, x
@alias_x = alias i32, ptr @x
; DATA-DAG: .set alias_f, goto
@alias_f = alias i32 (i32), ptr @goto

; CHECK-LABEL: goto:
; CHECK: la [[R:[a-z0-9]+]], .LBA0_1
; CHECK: jr
; CHECK: .LBA0_1:
; CHECK: .LBA0_2:
define i32 @goto(i32 %n) {
entry:
  %c = icmp eq i32 %n, 0
  %t = select i1 %c, ptr blockaddress(@goto, %b1), ptr blockaddress(@goto, %b2)
  indirectbr ptr %t, [label %b1, label %b2]
b1:
  %p = phi i32 [ 1, %entry ], [ %q, %b2 ]
  ret i32 %p
b2:
  %q = add i32 %n, 1
  br label %b1
}

; CHECK-LABEL: tls:
; CHECK: lui [[T:[a-z0-9]+]], %tprel_hi(tl)
; CHECK-NEXT: add [[T]], [[T]], tp, %tprel_add(tl)
; CHECK-NEXT: addi [[T]], [[T]], %tprel_lo(tl)
; CHECK: la.tls.ie [[E:[a-z0-9]+]], te
; CHECK-NEXT: add [[E]], [[E]], tp
define i32 @tls() {
  %a = load i32, ptr @tl
  %b = load i32, ptr @te
  %s = add i32 %a, %b
  store i64 1, ptr @tz
  ret i32 %s
}

; CHECK: .weak weakdef
; CHECK-NOT: .globl weakdef
; CHECK: .hidden weakdef
; CHECK-LABEL: weakdef:
define weak hidden i32 @weakdef() {
  %v = load i32, ptr @maybe
  %r = call i32 @fmaybe(i32 %v)
  ret i32 %r
}

; 64-byte alignment in a 16-byte aligned frame: round up.
; CHECK-LABEL: overaligned:
; CHECK: addi [[A:[a-z0-9]+]], sp, {{[0-9]+}}
; CHECK-NEXT: addi [[B:[a-z0-9]+]], [[A]], 63
; CHECK-NEXT: andi {{[a-z0-9]+}}, [[B]], -64
define i64 @overaligned() {
  %a = alloca [10 x i8], align 64
  %i = ptrtoint ptr %a to i64
  ret i64 %i
}
