; RUN: env MALLOC_PERTURB_=165 %opt -passes='pebble-sccp' -S %s | FileCheck %s
;
; pebble-sccp's branch copies (`predicate`) record LLVM uses at read time
; and set them after solving, before step 1 erases instructions; the GEP
; fold erases GEP instructions whose loads were read through tables. Here
; a recorded use sits in an instruction step 1 erases (%r), another in a
; terminator (the `ret` in %exit), and folded GEPs feed folded loads:
; scripts/memcheck runs this file under
; valgrind, so a use written after its user was freed is a failure.

@table = internal constant [2 x i32] [i32 5, i32 6]

define i32 @copied_uses(i32 %x, i1 %d) {
; CHECK-LABEL: define i32 @copied_uses(
; CHECK:       then:
; CHECK-NEXT:    ret i32 5
; CHECK:       exit:
; CHECK-NEXT:    ret i32 7
; CHECK:       never:
; CHECK-NEXT:    %s = add i32 6, %a
entry:
  %a = add i32 %x, 0
  %c = icmp eq i32 %a, 0
  br i1 %c, label %then, label %other
then:
  %idx = zext i32 %a to i64
  %p = getelementptr inbounds [2 x i32], ptr @table, i64 0, i64 %idx
  %v = load i32, ptr %p
  %r = add i32 %v, %a
  ret i32 %r
other:
  %c7 = icmp eq i32 %a, 7
  br i1 %c7, label %exit, label %never
exit:
  ret i32 %a
never:
  %q = getelementptr inbounds [2 x i32], ptr @table, i64 0, i64 1
  %w = load i32, ptr %q
  %s = add i32 %w, %a
  ret i32 %s
}
