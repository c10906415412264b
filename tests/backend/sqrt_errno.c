// Calls to libm sqrt/sqrtf, which pebble llc computes with fsqrt and only
// calls when the result is NaN: negative arguments must still set errno,
// NaN and -0.0 arguments must give the library's results.
#include <errno.h>
#include <math.h>
#include <stdio.h>

static double vals[] = {4.0, 2.0, 0.0, -0.0, -1.0, 1e300, 1e-300};

int main(void) {
  double sum = 0;
  for (int i = 0; i < 7; i++) {
    errno = 0;
    double r = sqrt(vals[i]);
    printf("sqrt(%g) = %g errno=%d signbit=%d\n", vals[i], r, errno != 0, signbit(r) != 0);
    errno = 0;
    float f = sqrtf((float)vals[i]);
    printf("sqrtf(%g) = %g errno=%d\n", (float)vals[i], f, errno != 0);
    if (r == r)
      sum += r;
  }
  errno = 0;
  double n = sqrt(NAN);
  printf("sqrt(nan): isnan=%d errno=%d\n", n != n, errno != 0);
  printf("sum %.6f\n", sum);
  return 0;
}
