; Addresses of an alloca that flow through a select or a phi (speculate.rs,
; LLVM 19's speculateSelectInstLoads / speculatePHINodeLoads and the folding
; in its slice builder). Every function here ends with as many allocas as
; `opt -passes=sroa` leaves.
; RUN: %opt -passes='pebble-sroa<stats>' -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: %opt -passes='pebble-sroa<preserve-cfg>' -S %s | FileCheck %s --check-prefix=PRESERVE
; RUN: not %opt -passes='pebble-sroa<preserve-cfg;modify-cfg>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BOTH
; BOTH: preserve-cfg and modify-cfg exclude each other

; STATS: pebble-sroa: @select_of_two_allocas: split 0 allocas into 0 slices, promoted 2 allocas, inserted 0 phis, speculated 2 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @select_constant_condition: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 1 dead uses
; STATS: pebble-sroa: @select_unsafe_operand: split 0 allocas into 0 slices, promoted 1 allocas, inserted 0 phis, speculated 2 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @select_neither_safe: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 2 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @phi_of_two_allocas: split 0 allocas into 0 slices, promoted 2 allocas, inserted 0 phis, speculated 2 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @phi_always_the_same: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @merge_reaching_no_access: split 1 allocas into 1 slices, promoted 1 allocas, inserted 0 phis, speculated 0 loads, poisoned 1 dead uses
; STATS: pebble-sroa: @merge_reaching_a_compare: split 0 allocas into 0 slices, promoted 0 allocas, inserted 0 phis, speculated 0 loads, poisoned 0 dead uses
; STATS: pebble-sroa: @merge_reloaded_in_unreachable_code: split 1 allocas into 0 slices, promoted 2 allocas, inserted 0 phis, speculated 0 loads, poisoned 1 dead uses

; Both hands are allocas, safe to load anywhere: the load becomes a select
; of two loads, and both allocas are promoted.
define i32 @select_of_two_allocas(i1 %c, i32 %x, i32 %y) {
; CHECK-LABEL: define i32 @select_of_two_allocas(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %v.sroa.speculated = select i1 %c, i32 %x, i32 %y
; CHECK-NEXT:    ret i32 %v.sroa.speculated
entry:
  %a = alloca i32
  %b = alloca i32
  store i32 %x, ptr %a
  store i32 %y, ptr %b
  %p = select i1 %c, ptr %a, ptr %b
  %v = load i32, ptr %p
  ret i32 %v
}

; A constant condition that never picks %a: its operand becomes poison
; (LLVM's dead operand), and %a no longer escapes.
define i32 @select_constant_condition(ptr %q, i32 %x) {
; CHECK-LABEL: define i32 @select_constant_condition(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %p = select i1 true, ptr %q, ptr poison
; CHECK-NEXT:    %v = load i32, ptr %p
; CHECK-NEXT:    %s = add i32 %v, %x
; CHECK-NEXT:    ret i32 %s
entry:
  %a = alloca i32
  store i32 %x, ptr %a
  %p = select i1 true, ptr %q, ptr %a
  %v = load i32, ptr %p
  %l = load i32, ptr %a
  %s = add i32 %v, %l
  ret i32 %s
}

; %q may not be dereferenceable: loading it when %c is false could trap.
; With modify-cfg (the default, as LLVM's sroa) the load is predicated: %a's
; value is taken before the branch, %q is loaded only when %c is false
; (LLVM's rewriteMemOpOfSelect). With preserve-cfg %a stays.
define i32 @select_unsafe_operand(i1 %c, ptr %q, i32 %x) {
; CHECK-LABEL: define i32 @select_unsafe_operand(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br i1 %c, label %entry.cont, label %entry.else
; CHECK:       entry.else:
; CHECK-NEXT:    %v.else.val = load i32, ptr %q, align 4
; CHECK-NEXT:    br label %entry.cont
; CHECK:       entry.cont:
; CHECK-NEXT:    %v = phi i32 [ %x, %entry ], [ %v.else.val, %entry.else ]
; CHECK-NEXT:    ret i32 %v
; PRESERVE-LABEL: define i32 @select_unsafe_operand(
; PRESERVE-NEXT:  entry:
; PRESERVE-NEXT:    %a = alloca i32
; PRESERVE:         %p = select i1 %c, ptr %a, ptr %q
entry:
  %a = alloca i32
  store i32 %x, ptr %a
  %p = select i1 %c, ptr %a, ptr %q
  %v = load i32, ptr %p
  ret i32 %v
}

; Neither hand safe (%a's load would read past its end): one load on each
; side of the branch; the i16 slot is read as i32 only on the true side,
; and the alloca is promoted (the read past the end is zero-extended).
define i32 @select_neither_safe(i1 %c, ptr %q, i16 %x) {
; CHECK-LABEL: define i32 @select_neither_safe(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    br i1 %c, label %entry.then, label %entry.else
; CHECK:       entry.then:
; CHECK-NEXT:    %v.then.val = zext i16 %x to i32
; CHECK-NEXT:    br label %entry.cont
; CHECK:       entry.else:
; CHECK-NEXT:    %v.else.val = load i32, ptr %q
; CHECK-NEXT:    br label %entry.cont
; CHECK:       entry.cont:
; CHECK-NEXT:    %v = phi i32 [ %v.then.val, %entry.then ], [ %v.else.val, %entry.else ]
entry:
  %a = alloca i16
  store i16 %x, ptr %a
  %p = select i1 %c, ptr %a, ptr %q
  %v = load i32, ptr %p
  ret i32 %v
}

; A phi of two allocas loaded in its block: one load per predecessor.
define i32 @phi_of_two_allocas(i1 %c, i32 %x, i32 %y) {
; CHECK-LABEL: define i32 @phi_of_two_allocas(
; CHECK:       join:
; CHECK-NEXT:    %p.sroa.speculated = phi i32 [ %x, %left ], [ %y, %right ]
; CHECK-NEXT:    ret i32 %p.sroa.speculated
entry:
  %a = alloca i32
  %b = alloca i32
  store i32 %x, ptr %a
  store i32 %y, ptr %b
  br i1 %c, label %left, label %right
left:
  br label %join
right:
  br label %join
join:
  %p = phi ptr [ %a, %left ], [ %b, %right ]
  %v = load i32, ptr %p
  ret i32 %v
}

; A loop phi that is always %a (or itself) is %a: followed, not speculated.
define i32 @phi_always_the_same(i32 %x, i32 %n) {
; CHECK-LABEL: define i32 @phi_always_the_same(
; CHECK-NOT:     alloca
; CHECK:         ret i32 %x
entry:
  %a = alloca i32
  store i32 %x, ptr %a
  br label %loop
loop:
  %p = phi ptr [ %a, %entry ], [ %p, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  %v = load i32, ptr %p
  ret i32 %v
}

; A select of %a that nothing loads or stores through: its users are only a
; cast, another select and a phi, none of them used for memory. LLVM's
; slice builder finds no access (size zero) and makes it a dead user:
; erased, its users given poison; %a is then promoted.
define i32 @merge_reaching_no_access(i1 %c, ptr %q, i32 %x) {
; CHECK-LABEL: define i32 @merge_reaching_no_access(
; CHECK-NOT:     alloca
; CHECK:         %g = bitcast ptr poison to ptr
; CHECK-NEXT:    %s2 = select i1 %c, ptr %q, ptr %g
; CHECK:         %m = phi ptr [ %s2, %entry ], [ %m, %loop ]
; CHECK:         ret i32 %x
entry:
  %a = alloca i32
  store i32 %x, ptr %a
  %s = select i1 %c, ptr %a, ptr %q
  %g = bitcast ptr %s to ptr
  %s2 = select i1 %c, ptr %q, ptr %g
  br label %loop
loop:
  %m = phi ptr [ %s2, %entry ], [ %m, %loop ]
  br i1 %c, label %loop, label %exit
exit:
  %v = load i32, ptr %a
  ret i32 %v
}

; The same chain ending in a compare of the address: the address is used,
; not dead, and %a stays (as LLVM, which aborts on the compare).
define i1 @merge_reaching_a_compare(i1 %c, ptr %q, i32 %x) {
; CHECK-LABEL: define i1 @merge_reaching_a_compare(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %a = alloca i32
entry:
  %a = alloca i32
  store i32 %x, ptr %a
  %s = select i1 %c, ptr %a, ptr %q
  %s2 = select i1 %c, ptr %q, ptr %s
  %e = icmp eq ptr %s2, null
  ret i1 %e
}

; llvm-stress 19250 (LLVM 19), reduced by llvm-reduce: %a's address is
; stored to one reg2mem slot and a select of it to another, reloaded in
; unreachable code into a select nothing uses. Once the slots are promoted
; %a is looked at again (its address was stored) and the select of it is
; used only by that select: dead, so %a goes, as with LLVM's sroa (2
; allocas left in the whole function, where Pebble left 3).
define void @merge_reloaded_in_unreachable_code(i1 %c) {
; CHECK-LABEL: define void @merge_reloaded_in_unreachable_code(
; CHECK-NOT:     alloca
; CHECK:         %s2 = select i1 false, ptr null, ptr poison
entry:
  %a = alloca <16 x i16>, align 32
  %slot = alloca ptr, align 8
  %address.slot = alloca ptr, align 8
  br label %spin
spin:
  br label %spin
store.address:
  store ptr %a, ptr %address.slot, align 8
  br label %spin
store.select:
  %s = select i1 %c, ptr %a, ptr null
  store ptr %s, ptr %slot, align 8
  br label %store.select
reload.it:
  %r = load ptr, ptr %slot, align 8
  %s2 = select i1 false, ptr null, ptr %r
  br label %reload.it
}
