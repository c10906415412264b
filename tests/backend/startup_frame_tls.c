/* Constructs of issue 16's last round, run at every IR level:
 * constructors and destructors with and without a priority
 * (llvm.global_ctors/global_dtors -> .init_array/.fini_array), the return
 * and frame addresses of depth 0 (in a leaf and in a function that calls,
 * with and without a variable-length array), general-dynamic thread-locals
 * (-fPIC below: a shared-library module, so __tls_get_addr), lround/llround
 * as intrinsics (-fno-math-errno), is.fpclass (isnan, isinf, isfinite, isnormal, fpclassify:
 * clang emits it for these at -O0, gcc 12 has no __builtin_isfpclass) and
 * objectsize of unknown objects.
 * backend-test-cflags: -fPIC -fno-math-errno
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int order[8], norder;
__attribute__((constructor)) static void plain_ctor(void) { order[norder++] = 1; }
__attribute__((constructor(200))) static void early_ctor(void) { order[norder++] = 2; }
__attribute__((constructor(300))) static void later_ctor(void) { order[norder++] = 3; }
__attribute__((destructor)) static void plain_dtor(void) { printf("dtor plain, %d ctors ran\n", norder); }
__attribute__((destructor(250))) static void prio_dtor(void) { printf("dtor 250\n"); }

__attribute__((noinline)) uintptr_t frame_of_callee(void) {
  return (uintptr_t)__builtin_frame_address(0);
}
__attribute__((noinline)) void *leaf_return_address(void) { return __builtin_return_address(0); }
__attribute__((noinline)) void *calling_return_address(void) {
  printf("calling_return_address\n");
  return __builtin_return_address(0);
}
/* The frame address is the stack pointer at entry: above every local of
 * this frame, and a callee's is below them. */
__attribute__((noinline)) void frame_checks(int n) {
  volatile char local[100];
  char vla[n];
  memset(vla, 1, n);
  local[0] = vla[0];
  uintptr_t fa = (uintptr_t)__builtin_frame_address(0), l = (uintptr_t)local;
  uintptr_t v = (uintptr_t)vla, c = frame_of_callee();
  printf("local below frame %d, near %d; vla below %d; callee at or below %d\n", l < fa, fa - l < 4096,
         v < fa, c <= v && c < l);
}

__thread int tls_counter = 40;
static __thread int tls_hidden[4] = {1, 2, 3, 4};
__attribute__((noinline)) int *tls_slot(int i) { return &tls_hidden[i & 3]; }

__attribute__((noinline)) size_t sizes(char *p) {
  return __builtin_object_size(p, 0) + 3 * __builtin_object_size(p, 2);
}

int main(void) {
  printf("ctors %d: %d %d %d\n", norder, order[0], order[1], order[2]);
  void *a = leaf_return_address(), *b = calling_return_address();
  printf("return addresses in main: %d %d, distinct %d\n",
         (char *)a > (char *)main && (char *)a < (char *)main + 4096,
         (char *)b > (char *)main && (char *)b < (char *)main + 4096, a != b);
  frame_checks(300);
  frame_checks(5000);
  tls_counter += 2;
  *tls_slot(2) += 10;
  printf("tls %d %d %d\n", tls_counter, tls_hidden[2], *tls_slot(1));
  volatile double xs[] = {1.5, -2.5, 0.0, -0.0, INFINITY, -INFINITY, NAN, 1e-310, 2.49999, -7.5};
  for (int i = 0; i < 10; i++) {
    double x = xs[i];
    float f = (float)x;
    printf("%d %d %d %d %d %d", isnan(x), isinf(x), isfinite(x), isnormal(x), isnormal(f),
           fpclassify(f));
    if (isfinite(x))
      printf(" %ld %lld %ld %lld", lround(x), llround(x), lroundf(f), llroundf(f));
    printf("\n");
  }
  char buf[10];
  printf("objectsize %zu\n", sizes(buf + (xs[0] > 1)));
  return 0;
}
