// FIXME (known difference from LLVM, both versions): the declare of a
// variable-length array that the pass promotes (`*a` is the only access, so
// the dynamic `alloca i32, i64 %n` is promotable). LLVM cannot size the
// variable (a VLA type) nor the alloca (a run-time count), so its
// valueCoversEntireFragment says no: each removed store gets a dbg.value
// of `undef` (LLVM 19) or `poison` (LLVM 22) instead of the stored value,
// and the new phi gets none. Pebble sizes the alloca by its allocated type
// (i32, covered) and describes the stored values and the phi. Pebble's
// output is the more informative and is correct (the debugger sees a[0]);
// this test pins both so a change on either side shows up.

// RUN: %clang --target=x86_64-unknown-linux-gnu -O0 -Xclang -disable-O0-optnone \
// RUN:   -fno-discard-value-names -g -S -emit-llvm %s -o %t.ll
// RUN: opt -passes=mem2reg -S %t.ll | FileCheck %s --check-prefixes=CHECK,LLVM-%llvm-major
// RUN: %opt -passes='pebble-mem2reg<compat>' -S %t.ll | FileCheck %s --check-prefixes=CHECK,PEBBLE

int f(int n, int c) {
  int a[n];
  *a = 1;
  if (c)
    *a = 2;
  return *a;
}

// CHECK-LABEL: define {{.*}}@f(
// CHECK:         #dbg_value(i64 %0, ![[VLA_EXPR:[0-9]+]], !DIExpression(),
// LLVM-19-NEXT:  #dbg_value(i32 undef, ![[A:[0-9]+]], !DIExpression(),
// LLVM-22-NEXT:  #dbg_value(i32 poison, ![[A:[0-9]+]], !DIExpression(),
// PEBBLE-NEXT:   #dbg_value(i32 1, ![[A:[0-9]+]], !DIExpression(),
// CHECK:       if.then:
// LLVM-19-NEXT:  #dbg_value(i32 undef, ![[A]], !DIExpression(),
// LLVM-22-NEXT:  #dbg_value(i32 poison, ![[A]], !DIExpression(),
// PEBBLE-NEXT:   #dbg_value(i32 2, ![[A]], !DIExpression(),
// CHECK:       if.end:
// CHECK-NEXT:    %vla.0 = phi i32 [ 2, %if.then ], [ 1, %entry ]
// LLVM-19-NOT:   #dbg_value
// LLVM-22-NOT:   #dbg_value
// PEBBLE-NEXT:   #dbg_value(i32 %vla.0, ![[A]], !DIExpression(),
// CHECK:         ret i32 %vla.0
// CHECK: ![[A]] = !DILocalVariable(name: "a",
