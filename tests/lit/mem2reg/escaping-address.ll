; Allocas whose address escapes stay in memory: storing the address as a
; value, passing it to a call, comparing it, converting it to an integer,
; offsetting it with a non-zero GEP, or reading through a zero GEP (only
; lifetime markers may use a cast or a zero GEP) may all reach the slot
; without a load or store we can see. A slot that only holds the address of
; another one is itself promotable, and once it is promoted the other slot
; may become promotable in the next round (LLVM's mem2reg also iterates):
; @address_stored_then_reloaded folds to `ret i32 5`, and
; @second_round_phi gets its phi for %x in round two.
; The same CHECK lines are run against LLVM's mem2reg (second RUN line): the
; outputs are identical here.

; RUN: %opt -passes=pebble-mem2reg -S %s | FileCheck %s
; RUN: opt -passes=mem2reg -S %s | FileCheck %s
; RUN: %opt -passes='pebble-mem2reg<stats>' -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=STATS

; STATS:      @address_stored_then_reloaded: promoted 2 allocas, inserted 0 phis
; STATS-NEXT: @address_stored_and_escapes: promoted 1 allocas, inserted 0 phis
; STATS-NEXT: @second_round_phi: promoted 2 allocas, inserted 1 phis
; STATS-NEXT: @address_stored_to_argument: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @address_stored_into_itself: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @passed_to_call: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @compared: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @nonzero_gep: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @zero_gep_loaded: promoted 0 allocas, inserted 0 phis
; STATS-NEXT: @ptrtoint: promoted 0 allocas, inserted 0 phis

declare void @use(ptr)

; %p holds %x's address. Round 1 promotes %p (the load %q becomes %x), which
; leaves %x with plain loads and stores: round 2 promotes it too.
; CHECK-LABEL: define i32 @address_stored_then_reloaded(
; CHECK:       entry:
; CHECK-NEXT:    ret i32 5
; CHECK-NEXT:  }
define i32 @address_stored_then_reloaded() {
entry:
  %x = alloca i32
  %p = alloca ptr
  store i32 5, ptr %x
  store ptr %x, ptr %p
  %q = load ptr, ptr %p
  %v = load i32, ptr %q
  ret i32 %v
}

; Same, but the reloaded address goes to a call: %p is promoted, %x stays
; and the call now takes %x directly.
; CHECK-LABEL: define i32 @address_stored_and_escapes(
; CHECK:       entry:
; CHECK-NEXT:    %x = alloca i32, align 4
; CHECK-NEXT:    store i32 5, ptr %x, align 4
; CHECK-NEXT:    call void @use(ptr %x)
; CHECK-NEXT:    %v = load i32, ptr %x, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @address_stored_and_escapes() {
entry:
  %x = alloca i32
  %p = alloca ptr
  store i32 5, ptr %x
  store ptr %x, ptr %p
  %q = load ptr, ptr %p
  call void @use(ptr %q)
  %v = load i32, ptr %x
  ret i32 %v
}

; The stores to %x go through the reloaded addresses on two branches; after
; round 1 they are stores to %x itself, and round 2 places a phi at %m.
; CHECK-LABEL: define i32 @second_round_phi(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %t, label %e
; CHECK:       t:
; CHECK-NEXT:    br label %m
; CHECK:       e:
; CHECK-NEXT:    br label %m
; CHECK:       m:
; CHECK-NEXT:    %x.0 = phi i32 [ 1, %t ], [ 2, %e ]
; CHECK-NEXT:    ret i32 %x.0
; CHECK-NEXT:  }
define i32 @second_round_phi(i1 %c) {
entry:
  %x = alloca i32
  %p = alloca ptr
  store ptr %x, ptr %p
  br i1 %c, label %t, label %e

t:
  %q1 = load ptr, ptr %p
  store i32 1, ptr %q1
  br label %m

e:
  %q2 = load ptr, ptr %p
  store i32 2, ptr %q2
  br label %m

m:
  %q3 = load ptr, ptr %p
  %v = load i32, ptr %q3
  ret i32 %v
}

; CHECK-LABEL: define i32 @address_stored_to_argument(
; CHECK:       entry:
; CHECK-NEXT:    %x = alloca i32, align 4
; CHECK-NEXT:    store i32 5, ptr %x, align 4
; CHECK-NEXT:    store ptr %x, ptr %g, align 8
; CHECK-NEXT:    %v = load i32, ptr %x, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @address_stored_to_argument(ptr %g) {
entry:
  %x = alloca i32
  store i32 5, ptr %x
  store ptr %x, ptr %g
  %v = load i32, ptr %x
  ret i32 %v
}

; The alloca is both the value and the pointer of the store.
; CHECK-LABEL: define ptr @address_stored_into_itself(
; CHECK:       entry:
; CHECK-NEXT:    %p = alloca ptr, align 8
; CHECK-NEXT:    store ptr %p, ptr %p, align 8
; CHECK-NEXT:    %v = load ptr, ptr %p, align 8
; CHECK-NEXT:    ret ptr %v
; CHECK-NEXT:  }
define ptr @address_stored_into_itself() {
entry:
  %p = alloca ptr
  store ptr %p, ptr %p
  %v = load ptr, ptr %p
  ret ptr %v
}

; CHECK-LABEL: define i32 @passed_to_call(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store i32 1, ptr %a, align 4
; CHECK-NEXT:    call void @use(ptr %a)
; CHECK-NEXT:    %v = load i32, ptr %a, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @passed_to_call() {
entry:
  %a = alloca i32
  store i32 1, ptr %a
  call void @use(ptr %a)
  %v = load i32, ptr %a
  ret i32 %v
}

; CHECK-LABEL: define i1 @compared(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store i32 1, ptr %a, align 4
; CHECK-NEXT:    %c = icmp eq ptr %a, %other
; CHECK-NEXT:    ret i1 %c
; CHECK-NEXT:  }
define i1 @compared(ptr %other) {
entry:
  %a = alloca i32
  store i32 1, ptr %a
  %c = icmp eq ptr %a, %other
  ret i1 %c
}

; CHECK-LABEL: define i32 @nonzero_gep(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca [2 x i32], align 4
; CHECK-NEXT:    %e1 = getelementptr [2 x i32], ptr %a, i64 0, i64 1
; CHECK-NEXT:    store i32 7, ptr %e1, align 4
; CHECK-NEXT:    %v = load i32, ptr %e1, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @nonzero_gep() {
entry:
  %a = alloca [2 x i32]
  %e1 = getelementptr [2 x i32], ptr %a, i64 0, i64 1
  store i32 7, ptr %e1
  %v = load i32, ptr %e1
  ret i32 %v
}

; CHECK-LABEL: define i32 @zero_gep_loaded(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store i32 3, ptr %a, align 4
; CHECK-NEXT:    %z = getelementptr i32, ptr %a, i64 0
; CHECK-NEXT:    %v = load i32, ptr %z, align 4
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
define i32 @zero_gep_loaded() {
entry:
  %a = alloca i32
  store i32 3, ptr %a
  %z = getelementptr i32, ptr %a, i64 0
  %v = load i32, ptr %z
  ret i32 %v
}

; CHECK-LABEL: define i64 @ptrtoint(
; CHECK:       entry:
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    store i32 3, ptr %a, align 4
; CHECK-NEXT:    %i = ptrtoint ptr %a to i64
; CHECK-NEXT:    ret i64 %i
; CHECK-NEXT:  }
define i64 @ptrtoint() {
entry:
  %a = alloca i32
  store i32 3, ptr %a
  %i = ptrtoint ptr %a to i64
  ret i64 %i
}
