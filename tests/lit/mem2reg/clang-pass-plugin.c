// clang -fpass-plugin=libpebble.so runs PEBBLE_PIPELINE_START (default:
// pebble-mem2reg) at the start of clang's optimization pipeline. Here at
// -O1 with `<stats>`, on the seed's swap loop: the stats line shows our
// pass ran before clang's own SROA/mem2reg could promote anything (5
// allocas, exactly 3 phis). With PEBBLE_PIPELINE_START=none nothing is
// printed. The target is pinned so the IR does not depend on the host.

// RUN: env PEBBLE_PIPELINE_START='pebble-mem2reg<stats>' %clang --target=x86_64-unknown-linux-gnu \
// RUN:   -O1 -fpass-plugin=%plugin -S -emit-llvm %s -o %t.ll 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: env PEBBLE_PIPELINE_START=none %clang --target=x86_64-unknown-linux-gnu \
// RUN:   -O1 -fpass-plugin=%plugin -S -emit-llvm %s -o /dev/null 2>&1 | count 0

// CHECK: pebble-mem2reg: @fib: promoted 5 allocas, inserted 3 phis

// IR-LABEL: define {{.*}}i32 @fib(
// IR-NOT:     alloca
// IR:         ret i32

int fib(int n) {
  int a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    int t = a;
    a = b;
    b = t + b;
  }
  return a;
}
