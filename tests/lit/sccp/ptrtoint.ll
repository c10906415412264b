; RUN: %opt -passes='pebble-sccp<stats>' -S %s 2>%t.stats | FileCheck --check-prefixes=SAME,PEBBLE %s
; RUN: FileCheck --check-prefix=STATS %s < %t.stats
; RUN: opt -passes=sccp -S %s | FileCheck --check-prefixes=SAME,LLVM %s
;
; `ptrtoint` (`Op::PtrToInt`): of `null` is 0 and of an `inttoptr`
; address its integer, also as a constant expression operand; of a
; global's address (a constant pointer whose bits are not known) it is
; replaced by the constant expression `ptrtoint` of the pointer, as
; LLVM's SCCP does. LLVM goes on folding arithmetic on such constants into
; constant expressions (`add (ptrtoint @g), 1`); Pebble does not (PEBBLE
; and LLVM lines). The third RUN line checks the SAME lines against the
; LLVM's own `sccp`.

@g = global i32 0

define i64 @global_address() {
; SAME-LABEL: @global_address(
; PEBBLE-NEXT:  %y = add i64 ptrtoint (ptr @g to i64), 1
; PEBBLE-NEXT:  ret i64 %y
; LLVM-NEXT:    ret i64 add (i64 ptrtoint (ptr @g to i64), i64 1)
  %x = ptrtoint ptr @g to i64
  %y = add i64 %x, 1
  ret i64 %y
}

define i64 @phi_of_one_global(i1 %c) {
; SAME-LABEL: @phi_of_one_global(
; SAME:         ret i64 ptrtoint (ptr @g to i64)
entry:
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %p = phi ptr [ @g, %l ], [ @g, %r ]
  %x = ptrtoint ptr %p to i64
  ret i64 %x
}

define i64 @integer_address() {
; SAME-LABEL: @integer_address(
; SAME-NEXT:    ret i64 2
  %x = ptrtoint ptr inttoptr (i64 39 to ptr) to i64
  %y = and i64 %x, 1
  %z = and i64 ptrtoint (ptr inttoptr (i64 39 to ptr) to i64), 1
  %r = add i64 %y, %z
  ret i64 %r
}

define i32 @null_is_zero(i1 %c) {
; SAME-LABEL: @null_is_zero(
; SAME:         ret i32 0
entry:
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %p = phi ptr [ null, %l ], [ null, %r ]
  %x = ptrtoint ptr %p to i32
  ret i32 %x
}

define i64 @unknown_pointer(ptr %p) {
; SAME-LABEL: @unknown_pointer(
; SAME-NEXT:    %x = ptrtoint ptr %p to i64
; SAME-NEXT:    ret i64 %x
  %x = ptrtoint ptr %p to i64
  ret i64 %x
}

; STATS: pebble-sccp: @global_address: 1 constants,
; STATS: pebble-sccp: @phi_of_one_global: 2 constants,
; STATS: pebble-sccp: @integer_address: 4 constants,
; STATS: pebble-sccp: @null_is_zero: 2 constants,
; STATS: pebble-sccp: @unknown_pointer: 0 constants,
