/* long double (IEEE binary128 under lp64d): soft-float arithmetic,
 * every comparison (NaN included), conversions to and from every integer
 * and float type, long doubles in structs, arrays, phis and selects, as
 * arguments (register pairs, the stack, variadic aligned pairs) and
 * results. Printed through their double values and exact bit patterns. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static long double g = 1.0L / 3.0L;
static long double arr[4] = {0.5L, -2.25L, 1e300L, 1e-300L};
struct pt {
  long double x;
  int tag;
};
static struct pt pts[2] = {{3.5L, 1}, {-7.125L, 2}};

static void bits(const char *what, long double v) {
  volatile union {
    long double d;
    unsigned long long w[2];
  } u;
  u.d = v;
  printf("%s %016llx%016llx %.17g\n", what, u.w[1], u.w[0], (double)v);
}

static long double poly(long double x, int n) {
  long double acc = 0;
  for (int i = 0; i < n; i++)
    acc = acc * x + (long double)(i + 1) / 7;
  return acc;
}

/* nine long doubles: the last one goes on the stack, 16-byte aligned */
static long double many(long double a, long double b, long double c, long double d,
                        long double e, int k, long double f) {
  return a - b * c + d / e + k * f;
}

static long double sum_va(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long double s = 0;
  for (int i = 0; i < n; i++) {
    int scale = va_arg(ap, int);
    s += scale * va_arg(ap, long double);
  }
  va_end(ap);
  return s;
}

static int cmp_all(long double a, long double b) {
  return (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 | (a != b) << 5 |
         __builtin_isunordered(a, b) << 6 | __builtin_islessgreater(a, b) << 7;
}

int main(void) {
  volatile long double zero = 0;
  long double nan = zero / zero, inf = 1 / zero;
  bits("g", g);
  bits("poly", poly(g, 9));
  bits("many", many(1, 2, 3, 4, 5, 6, 7));
  bits("va", sum_va(3, 1, 1.5L, 2, -0.25L, 3, arr[1]));
  for (int i = 0; i < 4; i++) {
    long double x = arr[i];
    bits("sq", x * x);
    bits("neg", -x);
    if (i == 2)
      x /= 1e299L; /* conversions stay in range (out of range is UB) */
    printf("conv %d %ld %u %lu %d %g\n", (int)(x * 1000), (long)(x * 1e6L),
           (unsigned)(x < 0 ? -x : x), (unsigned long)(x > 0 ? x : 0), (signed char)(x * 10),
           (float)x);
  }
  long double vals[] = {1, -1, 0.5L, nan, inf, -inf, 0};
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 7; j++)
      printf("%d%c", cmp_all(vals[i], vals[j]), j == 6 ? '\n' : ' ');
  long double from[] = {(long double)(signed char)-5, (long double)(unsigned short)65535,
                        (long double)-2147483647, (long double)4294967295u,
                        (long double)-9000000000000000000LL, (long double)18000000000000000000ULL,
                        (long double)1.25f, (long double)-3.5, (long double)(_Bool)1};
  for (int i = 0; i < 9; i++)
    bits("from", from[i]);
  printf("to %llu %lld %hhu\n", (unsigned long long)from[5], (long long)from[4],
         (unsigned char)(from[1] - 65500));
  long double best = pts[0].x;
  for (int i = 1; i < 2; i++)
    best = pts[i].x < best ? pts[i].x : best; /* select / phi */
  bits("best", best);
  printf("printf %.10Lf %Le\n", g, arr[2]);
  return (int)(g * 30);
}
