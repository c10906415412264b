// Exercises double arithmetic in loops: Newton square roots, series sums, float/int conversion.
#include <stdio.h>

static double newton_sqrt(double x) {
  if (x <= 0)
    return 0;
  double g = x > 1 ? x / 2 : 1;
  for (int i = 0; i < 30; i++)
    g = 0.5 * (g + x / g);
  return g;
}

static double leibniz_pi(int terms) {
  double s = 0, sign = 1;
  for (int k = 0; k < terms; k++) {
    s += sign / (2 * k + 1);
    sign = -sign;
  }
  return 4 * s;
}

static double horner(const double *c, int n, double x) {
  double r = 0;
  for (int i = n - 1; i >= 0; i--)
    r = r * x + c[i];
  return r;
}

int main(void) {
  for (int i = 0; i <= 5; i++)
    printf("sqrt(%d) = %.6f\n", i * 7, newton_sqrt(i * 7));
  printf("pi ~ %.6f\n", leibniz_pi(10000));
  double coeffs[] = {1, -3, 0.5, 2};
  for (double x = -2; x <= 2; x += 0.5)
    printf("p(%.2f) = %.6f\n", x, horner(coeffs, 4, x));
  double f = 3.75;
  int i = (int)f;
  float fl = (float)(f / 3);
  long rounded = (long)(f * 1000 + 0.5);
  printf("i = %d fl = %.6f rounded = %ld\n", i, (double)fl, rounded);
  return 0;
}
