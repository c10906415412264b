; Every path `pebble-mem2reg<compat>` can record for an alloca, and the
; reason a fast path gave up, as `explain` prints them (the decisions are
; the pass's own, recorded while it promotes; mem2reg-compat's lit tests
; check them against LLVM 19's output):
; * @two_stores: every access in one block, two stores: single block;
; * @no_store: loads only, in one block: single block, loads become undef;
; * @loop_carried: one store, below the load of its own block (a loop):
;   single store gives up, and so does single block (the reason kept is
;   single store's);
; * @two_stores_loop: two stores in a loop block, a load above both:
;   single block gives up; its loop phi only merges `undef` with itself,
;   so folding removes it;
; * @dead: no access at all.
;
; RUN: %pebble explain %s | FileCheck %s

; CHECK-LABEL: function @two_stores:
; CHECK: %x entry (2 stores) entry (after its store, twice) single block: each load takes the nearest store above it — — 0 —{{$}}

; CHECK-LABEL: function @no_store:
; CHECK: %x — entry (twice) single block, no store: every load becomes undef — — 0 —{{$}}

; CHECK-LABEL: function @loop_carried:
; CHECK: %x loop loop (before its store) general (single store gave up: the load in loop is not below the store) entry, loop {loop} 1 (loop) none{{$}}
; CHECK: phis: pebble-mem2reg inserts 1, LLVM's mem2reg keeps 1

; CHECK-LABEL: function @two_stores_loop:
; CHECK: %x loop (2 stores) loop (before its store) general (single block gave up: a load comes before the first store) entry, loop {loop} 1 (loop) loop{{$}}
; CHECK: phis: pebble-mem2reg inserts 1, LLVM's mem2reg keeps 0

; CHECK-LABEL: function @dead:
; CHECK: %x — — dead: no load or store, the alloca is erased — — 0 —{{$}}
; CHECK: phis: pebble-mem2reg inserts 0, LLVM's mem2reg keeps 0

define i32 @two_stores(i32 %a, i32 %b) {
entry:
  %x = alloca i32
  store i32 %a, ptr %x
  %r1 = load i32, ptr %x
  store i32 %b, ptr %x
  %r2 = load i32, ptr %x
  %s = add i32 %r1, %r2
  ret i32 %s
}

define i32 @no_store() {
entry:
  %x = alloca i32
  %r1 = load i32, ptr %x
  %r2 = load i32, ptr %x
  %s = add i32 %r1, %r2
  ret i32 %s
}

define i32 @loop_carried(i1 %c, i32 %v) {
entry:
  %x = alloca i32
  br label %loop
loop:
  %old = load i32, ptr %x
  %new = add i32 %old, %v
  store i32 %new, ptr %x
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %v
}

define i32 @two_stores_loop(i1 %c, i32 %v) {
entry:
  %x = alloca i32
  br label %loop
loop:
  %old = load i32, ptr %x
  store i32 %v, ptr %x
  store i32 %old, ptr %x
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %v
}

define void @dead() {
entry:
  %x = alloca i32
  ret void
}
