// The `main` of the SSA seed (004): b = -1 on one branch, b = 1 on the
// other, returned at the merge. Clang -O0 gives four allocas (%retval, %x,
// %y, %b); all are promoted, the constant loads of %x and %y fold into their
// uses, the never-read %retval disappears, and %b gets exactly one phi at
// if.end. This test runs the real pipeline (clang 19 -> pebble-mem2reg);
// seed-main-branches.ll is the same IR, committed, for runs without clang.
// The target is pinned so the IR does not depend on the host.

// RUN: %clang --target=x86_64-unknown-linux-gnu -O0 -Xclang -disable-O0-optnone \
// RUN:   -fno-discard-value-names -S -emit-llvm %s -o %t.ll
// RUN: %opt -passes='pebble-mem2reg<stats>,verify' -S %t.ll 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.err

// STATS: pebble-mem2reg: @main: promoted 4 allocas, inserted 1 phis

// CHECK-LABEL: define {{.*}}i32 @main(
// CHECK-NOT:     alloca
// CHECK:       entry:
// CHECK-NEXT:    %add = add nsw i32 2, 1
// CHECK-NEXT:    %cmp = icmp sgt i32 %add, 3
// CHECK-NEXT:    br i1 %cmp, label %if.then, label %if.else
// CHECK:       if.then:
// CHECK-NEXT:    br label %if.end
// CHECK:       if.else:
// CHECK-NEXT:    br label %if.end
// CHECK:       if.end:
// CHECK-NEXT:    %b.0 = phi i32 [ -1, %if.then ], [ 1, %if.else ]
// CHECK-NEXT:    ret i32 %b.0
// CHECK-NEXT:  }

int main() {
  int x = 2, y = 3;
  int b;
  if (x + 1 > y) {
    b = -1;
  } else {
    b = 1;
  }
  return b;
}
