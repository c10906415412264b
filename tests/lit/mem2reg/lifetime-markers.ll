; Lifetime markers do not stop promotion: they are deleted with the alloca,
; also when they reach it through a bitcast, an all-zero-index GEP or an
; addrspacecast used only by markers (the casts go too). A cast or zero
; GEP that is also loaded through keeps the alloca, and so does an
; addrspacecast used by anything but lifetime markers (LLVM accepts only
; markers there, not droppable uses). An alloca with nothing but markers is
; simply deleted.
; CHECK lines are shared with LLVM's mem2reg (LLVM 22 drops the size operand of
; lifetime markers when it reads them, and a marker on a zero GEP of an
; alloca becomes one on the alloca, hence the alternatives); OURS/LLVM lines
; show the one expected difference: @lifetime's load sees undef on the entry
; edge, and our pass keeps the pruned phi [undef, entry], [1, t] where LLVM
; folds it to 1.

; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s --check-prefixes=CHECK,OURS \
; RUN:   '--implicit-check-not=call void @llvm.lifetime' '--implicit-check-not== alloca'
; RUN: opt -passes=mem2reg -S %s | FileCheck %s --check-prefixes=CHECK,LLVM
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS

; STATS:      @lifetime: promoted 1 allocas, inserted 1 phis
; STATS-NEXT: @zero_gep_and_bitcast_markers: promoted 1 allocas, inserted 0 phis
; STATS-NEXT: @addrspacecast_marker: promoted 1 allocas, inserted 0 phis
; STATS-NEXT: @only_markers: promoted 1 allocas, inserted 0 phis
; STATS-NEXT: @markers_in_loop: promoted 2 allocas, inserted 1 phis
; STATS-NEXT: @cast_with_marker_and_load: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @addrspacecast_assumed: promoted 0 allocas, inserted 0 phis

declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.lifetime.start.p1(i64, ptr addrspace(1))
declare void @llvm.assume(i1)

define i32 @lifetime(i1 %c) {
; CHECK-LABEL: define i32 @lifetime(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %t, label %m
; CHECK:       t:
; CHECK-NEXT:    br label %m
; CHECK:       m:
; OURS-NEXT:     %a.0 = phi i32 [ undef, %entry ], [ 1, %t ]
; OURS-NEXT:     ret i32 %a.0
; LLVM-NEXT:     ret i32 1
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  br i1 %c, label %t, label %m

t:
  store i32 1, ptr %a
  br label %m

m:
  %v = load i32, ptr %a
  call void @llvm.lifetime.end.p0(i64 4, ptr %a)
  ret i32 %v
}

; The markers use a zero-index GEP and a bitcast of the alloca.
define i32 @zero_gep_and_bitcast_markers() {
; CHECK-LABEL: define i32 @zero_gep_and_bitcast_markers(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %e = extractvalue [1 x i32] [i32 4], 0
; CHECK-NEXT:    ret i32 %e
; CHECK-NEXT:  }
entry:
  %a = alloca [1 x i32]
  %g = getelementptr [1 x i32], ptr %a, i64 0, i64 0
  %b = bitcast ptr %a to ptr
  call void @llvm.lifetime.start.p0(i64 4, ptr %g)
  store [1 x i32] [i32 4], ptr %a
  %v = load [1 x i32], ptr %a
  call void @llvm.lifetime.end.p0(i64 4, ptr %b)
  %e = extractvalue [1 x i32] %v, 0
  ret i32 %e
}

define i32 @addrspacecast_marker() {
; CHECK-LABEL: define i32 @addrspacecast_marker(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i32 9
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  %c = addrspacecast ptr %a to ptr addrspace(1)
  call void @llvm.lifetime.start.p1(i64 4, ptr addrspace(1) %c)
  store i32 9, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
}

define void @only_markers() {
; CHECK-LABEL: define void @only_markers(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret void
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  call void @llvm.lifetime.end.p0(i64 4, ptr %a)
  ret void
}

; A scope-local temporary %t, started and ended in every iteration: its
; value never crosses an iteration, so only %s needs a phi.
define i32 @markers_in_loop(i32 %n) {
; CHECK-LABEL: define i32 @markers_in_loop(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %s.0 = phi i32 [ 0, %entry ], [ %next, %loop ]
; CHECK-NEXT:    %next = add i32 %s.0, 1
; CHECK-NEXT:    %c = icmp slt i32 %next, %n
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %next
; CHECK-NEXT:  }
entry:
  %s = alloca i32
  %t = alloca i32
  store i32 0, ptr %s
  br label %loop

loop:
  call void @llvm.lifetime.start.p0(i64 4, ptr %t)
  %sv = load i32, ptr %s
  store i32 %sv, ptr %t
  %tv = load i32, ptr %t
  %next = add i32 %tv, 1
  store i32 %next, ptr %s
  call void @llvm.lifetime.end.p0(i64 4, ptr %t)
  %c = icmp slt i32 %next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %next
}

; The zero GEP feeds a marker and a load: the alloca stays, markers too.
define i32 @cast_with_marker_and_load() {
; CHECK-LABEL: define i32 @cast_with_marker_and_load(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    %g = getelementptr i32, ptr %a, i64 0
; CHECK-NEXT:    call void @llvm.lifetime.start.p0({{i64 4, ptr %g|ptr %a}})
; CHECK-NEXT:    store i32 1, ptr %a, align 4
; CHECK-NEXT:    %v = load i32, ptr %g, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  %g = getelementptr i32, ptr %a, i64 0
  call void @llvm.lifetime.start.p0(i64 4, ptr %g)
  store i32 1, ptr %a
  %v = load i32, ptr %g
  ret i32 %v
}

; An addrspacecast may feed lifetime markers only, not an assume bundle.
define i32 @addrspacecast_assumed() {
; CHECK-LABEL: define i32 @addrspacecast_assumed(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    %c = addrspacecast ptr %a to ptr addrspace(1)
; CHECK-NEXT:    call void @llvm.assume(i1 true) [ "nonnull"(ptr addrspace(1) %c) ]
; CHECK-NEXT:    store i32 9, ptr %a, align 4
; CHECK-NEXT:    %v = load i32, ptr %a, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
entry:
  %a = alloca i32
  %c = addrspacecast ptr %a to ptr addrspace(1)
  call void @llvm.assume(i1 true) [ "nonnull"(ptr addrspace(1) %c) ]
  store i32 9, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
}
