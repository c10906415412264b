; Which loads and stores allow promotion. A volatile load or a volatile
; store keeps the alloca (the access is observable), as does a load or a
; store of a type other than the allocated one (type punning through
; memory). Atomic accesses that are not volatile are promoted: an alloca
; that does not escape is not visible to other threads, so the ordering
; constrains nothing. Each kept alloca keeps all its loads and stores, also
; the plain ones. The same CHECK lines hold for LLVM's mem2reg.

; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s
; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS

; STATS:      @volatile_load: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @volatile_store: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @load_of_other_type: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @store_of_other_type: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @atomic_accesses: promoted 1 allocas, inserted 1 phis
; STATS-NEXT: @one_kept_one_promoted: promoted 1 allocas, inserted 0 phis

; CHECK-LABEL: define i32 @volatile_load(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store i32 1, ptr %a, align 4
; CHECK-NEXT:    %v = load volatile i32, ptr %a, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @volatile_load() {
entry:
  %a = alloca i32
  store i32 1, ptr %a
  %v = load volatile i32, ptr %a
  ret i32 %v
}

; CHECK-LABEL: define i32 @volatile_store(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store volatile i32 1, ptr %a, align 4
; CHECK-NEXT:    %v = load i32, ptr %a, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @volatile_store() {
entry:
  %a = alloca i32
  store volatile i32 1, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
}

; CHECK-LABEL: define float @load_of_other_type(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store i32 1065353216, ptr %a, align 4
; CHECK-NEXT:    %v = load float, ptr %a, align 4
; CHECK-NEXT:    ret float %v
; CHECK-NEXT:  }
define float @load_of_other_type() {
entry:
  %a = alloca i32
  store i32 1065353216, ptr %a
  %v = load float, ptr %a
  ret float %v
}

; CHECK-LABEL: define i32 @store_of_other_type(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store i32 0, ptr %a, align 4
; CHECK-NEXT:    store i8 1, ptr %a, align 1
; CHECK-NEXT:    %v = load i32, ptr %a, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @store_of_other_type() {
entry:
  %a = alloca i32
  store i32 0, ptr %a
  store i8 1, ptr %a
  %v = load i32, ptr %a
  ret i32 %v
}

; Atomic loads and stores of a local are promoted like plain ones, here
; with a phi at the loop header.
; CHECK-LABEL: define i32 @atomic_accesses(
; CHECK:       entry:
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    %i.0 = phi i32 [ 0, %entry ], [ %next, %loop ]
; CHECK-NEXT:    %next = add i32 %i.0, 1
; CHECK-NEXT:    %done = icmp eq i32 %next, %n
; CHECK-NEXT:    br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    ret i32 %next
; CHECK-NEXT:  }
define i32 @atomic_accesses(i32 %n) {
entry:
  %i = alloca i32
  store atomic i32 0, ptr %i seq_cst, align 4
  br label %loop

loop:
  %v = load atomic i32, ptr %i acquire, align 4
  %next = add i32 %v, 1
  store atomic i32 %next, ptr %i release, align 4
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret i32 %next
}

; The volatile access of %kept does not stop %free from being promoted.
; CHECK-LABEL: define i32 @one_kept_one_promoted(
; CHECK:       entry:
; CHECK-NEXT:    %kept = alloca i32, align 4
; CHECK-NEXT:    store volatile i32 2, ptr %kept, align 4
; CHECK-NEXT:    %y = load volatile i32, ptr %kept, align 4
; CHECK-NEXT:    %s = add i32 1, %y
; CHECK-NEXT:    ret i32 %s
; CHECK-NEXT:  }
define i32 @one_kept_one_promoted() {
entry:
  %kept = alloca i32
  %free = alloca i32
  store i32 1, ptr %free
  store volatile i32 2, ptr %kept
  %x = load i32, ptr %free
  %y = load volatile i32, ptr %kept
  %s = add i32 %x, %y
  ret i32 %s
}
