#include <stdio.h>
#include <stdarg.h>
/* our own variadic function (va_start/va_arg/va_end), many arguments, stack-passed args */
static long sum(int n, ...) {
    va_list ap; va_start(ap, n); long s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, long);
    va_end(ap); return s;
}
static double fsum(int n, ...) {
    va_list ap; va_start(ap, n); double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap); return s;
}
static long many(long a, long b, long c, long d, long e, long f, long g, long h, long i, long j, int k) {
    return a - b + c - d + e - f + g - h + i * 10 - j * 100 + k;
}
static double fmany(double a, double b, double c, double d, double e, double f, double g, double h, double i, long j, double k) {
    return a + b * 2 + c * 3 + d + e + f + g + h * 4 + i * 5 + j + k * 7;
}
int main(void) {
    printf("%ld\n", sum(3, 1L, 2L, 3L));
    printf("%ld\n", sum(12, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L));
    printf("%.2f\n", fsum(10, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.5));
    printf("%ld\n", many(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
    printf("%.2f\n", fmany(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
    printf("%d %s %c %5.1f %lu %x\n", -42, "str", 'z', 3.14159, 18446744073709551615UL, 0xbeefu);
    return 0;
}
