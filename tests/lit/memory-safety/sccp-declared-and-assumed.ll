; RUN: env MALLOC_PERTURB_=165 %opt -passes='pebble-sccp,verify' -S %s | FileCheck %s
;
; pebble-sccp replaces uses of instructions that stay (a call declared to
; return one value) after it erased the constant instructions, so a use by
; an erased instruction is never touched; the uses a branch or assume copy
; stands for get their constant before any instruction is erased, and a
; user that is erased itself is skipped. Here a kept call's only other user
; is erased, uses of a pointer an assume proves null include an icmp that
; is erased, and loads from a vtable (a function's address, undef bytes)
; are erased after their uses got the constants: scripts/memcheck runs this
; file under valgrind, so a freed instruction touched again is a failure.
; (LLVM 22's `opt -passes=sccp` prints the same.)

@vt = internal unnamed_addr constant <{ ptr, [8 x i8] }> <{ ptr @callee, [8 x i8] undef }>

declare i32 @get()
declare void @use(i32)
declare void @use1(i1)
declare void @use64(i64)
declare void @usep(ptr)
declare void @llvm.assume(i1)

define void @callee() {
  ret void
}

define i32 @declared_and_assumed(ptr %p) {
; CHECK-LABEL: define i32 @declared_and_assumed(
; CHECK-NEXT:    %one = call i32 @get(), !range
; CHECK-NEXT:    call void @use(i32 14)
; CHECK-NEXT:    %c = icmp eq ptr %p, null
; CHECK-NEXT:    call void @llvm.assume(i1 %c)
; CHECK-NEXT:    call void @usep(ptr null)
; CHECK-NEXT:    call void @use1(i1 true)
; CHECK-NEXT:    call void @callee()
; CHECK-NEXT:    call void @use64(i64 undef)
; CHECK-NEXT:    ret i32 7
  %one = call i32 @get(), !range !0
  %twice = add i32 %one, %one
  call void @use(i32 %twice)
  %c = icmp eq ptr %p, null
  call void @llvm.assume(i1 %c)
  call void @usep(ptr %p)
  %q = icmp eq ptr %p, null
  call void @use1(i1 %q)
  %fn = load ptr, ptr @vt
  call void %fn()
  %u = load i64, ptr getelementptr inbounds (i8, ptr @vt, i64 8)
  call void @use64(i64 %u)
  ret i32 %one
}

!0 = !{i32 7, i32 8}
