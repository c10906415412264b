; byval arguments: the caller passes the address of its own copy, so what
; the callee writes through the pointer must not reach the caller's object.
; Each callee scribbles over its parameter and prints what it sees; each
; caller then prints its own object, which must be unchanged. Cases: a
; 16-byte struct (copied inline), a 320-byte one (copied by a memcpy call),
; a 32-byte-aligned one (over-aligned copy), a byval of a global, a byval
; argument passed on the stack after eight register arguments, and two
; byval arguments of the same object in one call (two distinct copies).
; Clang never emits byval for RISC-V; this is hand-written IR, checked
; against LLVM's own llc -O2 by scripts/backend-test.
target datalayout = "e-m:e-p:64:64-i64:64-i128:128-n32:64-S128"
target triple = "riscv64-unknown-linux-gnu"

%Small = type { i32, i32, i64 }
%Big = type { [40 x i64] }
%Wide = type { [4 x i64] }

@fmt2 = private constant [14 x i8] c"%s %lld %lld\0A\00"
@in = private constant [7 x i8] c"callee\00"
@out = private constant [7 x i8] c"caller\00"
@global = global %Small { i32 5, i32 6, i64 7 }

declare i32 @printf(ptr, ...)

define void @show(ptr %who, i64 %a, i64 %b) {
  call i32 (ptr, ...) @printf(ptr @fmt2, ptr %who, i64 %a, i64 %b)
  ret void
}

define void @small_callee(ptr byval(%Small) align 8 %p) noinline {
  %f1 = getelementptr %Small, ptr %p, i64 0, i32 1
  %f2 = getelementptr %Small, ptr %p, i64 0, i32 2
  %x = load i32, ptr %f1
  %y = load i64, ptr %f2
  %xs = sext i32 %x to i64
  call void @show(ptr @in, i64 %xs, i64 %y)
  store i32 -1, ptr %p
  store i32 -2, ptr %f1
  store i64 -3, ptr %f2
  ret void
}

define void @big_callee(ptr byval(%Big) align 8 %p) noinline {
  %last = getelementptr %Big, ptr %p, i64 0, i32 0, i64 39
  %v0 = load i64, ptr %p
  %v39 = load i64, ptr %last
  call void @show(ptr @in, i64 %v0, i64 %v39)
  store i64 100, ptr %p
  store i64 200, ptr %last
  ret void
}

define void @wide_callee(ptr byval(%Wide) align 32 %p) noinline {
  %a = ptrtoint ptr %p to i64
  %mis = and i64 %a, 31
  %e3 = getelementptr %Wide, ptr %p, i64 0, i32 0, i64 3
  %v3 = load i64, ptr %e3
  call void @show(ptr @in, i64 %mis, i64 %v3)
  store i64 0, ptr %e3
  ret void
}

; Eight integer registers taken: the byval pointer goes on the stack.
define void @stack_callee(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h,
                          ptr byval(%Small) align 8 %p) noinline {
  %f2 = getelementptr %Small, ptr %p, i64 0, i32 2
  %y = load i64, ptr %f2
  %s = add i64 %a, %h
  call void @show(ptr @in, i64 %s, i64 %y)
  store i64 99, ptr %f2
  ret void
}

define void @pair_callee(ptr byval(%Small) align 8 %p, ptr byval(%Small) align 8 %q) noinline {
  %pf = getelementptr %Small, ptr %p, i64 0, i32 2
  %qf = getelementptr %Small, ptr %q, i64 0, i32 2
  store i64 11, ptr %pf
  %y = load i64, ptr %qf
  %same = icmp eq ptr %p, %q
  %s = zext i1 %same to i64
  call void @show(ptr @in, i64 %s, i64 %y)
  ret void
}

define i32 @main() {
  %s = alloca %Small, align 8
  store i32 1, ptr %s
  %s1 = getelementptr %Small, ptr %s, i64 0, i32 1
  store i32 2, ptr %s1
  %s2 = getelementptr %Small, ptr %s, i64 0, i32 2
  store i64 3, ptr %s2
  call void @small_callee(ptr byval(%Small) align 8 %s)
  %a = load i32, ptr %s
  %b = load i32, ptr %s1
  %c = load i64, ptr %s2
  %as = sext i32 %a to i64
  %bs = sext i32 %b to i64
  %ab = add i64 %as, %bs
  call void @show(ptr @out, i64 %ab, i64 %c)

  %big = alloca %Big, align 8
  br label %fill
fill:
  %i = phi i64 [ 0, %0 ], [ %i1, %fill ]
  %e = getelementptr %Big, ptr %big, i64 0, i32 0, i64 %i
  %v = mul i64 %i, 3
  store i64 %v, ptr %e
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 40
  br i1 %more, label %fill, label %filled
filled:
  call void @big_callee(ptr byval(%Big) align 8 %big)
  %last = getelementptr %Big, ptr %big, i64 0, i32 0, i64 39
  %v0 = load i64, ptr %big
  %v39 = load i64, ptr %last
  call void @show(ptr @out, i64 %v0, i64 %v39)

  %w = alloca %Wide, align 32
  %w3 = getelementptr %Wide, ptr %w, i64 0, i32 0, i64 3
  store i64 42, ptr %w3
  call void @wide_callee(ptr byval(%Wide) align 32 %w)
  %wv = load i64, ptr %w3
  call void @show(ptr @out, i64 0, i64 %wv)

  call void @small_callee(ptr byval(%Small) align 8 @global)
  %g2 = getelementptr %Small, ptr @global, i64 0, i32 2
  %gv = load i64, ptr %g2
  call void @show(ptr @out, i64 0, i64 %gv)

  call void @stack_callee(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8,
                          ptr byval(%Small) align 8 %s)
  %c2 = load i64, ptr %s2
  call void @show(ptr @out, i64 0, i64 %c2)

  call void @pair_callee(ptr byval(%Small) align 8 %s, ptr byval(%Small) align 8 %s)
  %c3 = load i64, ptr %s2
  call void @show(ptr @out, i64 0, i64 %c3)
  ret i32 0
}
