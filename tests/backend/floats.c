#include <stdio.h>
/* float/double arithmetic, comparisons (incl. NaN), conversions */
static double poly(double x) { return 3.0 * x * x - 2.5 * x + 1.0; }
static float halve(float f) { return f / 2.0f; }
int main(void) {
    double acc = 0;
    for (int i = -5; i <= 5; i++) acc += poly(i * 0.5);
    printf("%.6f\n", acc);
    float f = 7.25f;
    printf("%.3f %d %u\n", halve(f), (int)-f, (unsigned)(f * 3));
    double nan = 0.0 / 0.0;
    printf("%d %d %d %d\n", nan == nan, nan != nan, nan < 1.0, !(nan >= 1.0));
    long l = -123456789012L;
    printf("%.1f %ld %lu\n", (double)l, (long)(l / 1e3), (unsigned long)3e18);
    unsigned char uc = 250;
    printf("%.1f %.1f\n", (double)uc, (float)(short)-300);
    double a[4] = {1.5, -2.25, 3.0, 0.125};
    double s = 0, p = 1;
    for (int i = 0; i < 4; i++) { s += a[i]; p *= a[i]; }
    printf("%g %g %d\n", s, p, s > p);
    return (int)(s * 4) % 7;
}
