/* musttail: guaranteed tail calls (clang's __attribute__((musttail))) in
 * mutual recursion too deep for any stack: every chain below runs millions
 * of calls, which overflow qemu's 8 MiB stack unless each call reuses its
 * caller's frame. Direct and indirect (function pointer) callees; one to
 * ten arguments; integers, doubles, floats, narrow integers and __int128;
 * arguments past the registers (on the stack, in the caller's own incoming
 * area); a struct result (sret); callers that call something else first
 * (ra and callee-saved registers restored before the jump), one with
 * arguments in spill slots.
 *
 * gcc 12 has no musttail attribute: its reference build gets the same tail
 * calls from its sibling-call optimisation, asked for with the pragma. */
#ifdef __clang__
#define MUSTTAIL __attribute__((musttail))
#else
#define MUSTTAIL
#pragma GCC optimize("O2")
#endif
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

/* Two integer arguments, direct: 50 million calls. */
NOINLINE long odd(long n, long acc);
NOINLINE long even(long n, long acc) {
    if (n == 0) return acc;
    MUSTTAIL return odd(n - 1, acc + 1);
}
NOINLINE long odd(long n, long acc) {
    if (n == 0) return acc;
    MUSTTAIL return even(n - 1, acc ^ (n << 3));
}

/* One argument. */
NOINLINE long down_b(long n);
NOINLINE long down_a(long n) {
    if (n <= 0) return n;
    MUSTTAIL return down_b(n - 3);
}
NOINLINE long down_b(long n) {
    if (n <= 0) return n * 7 - 1;
    MUSTTAIL return down_a(n + 1);
}

/* Eight integer arguments, all in registers, rotated every call. */
NOINLINE long rot_b(long n, long a, long b, long c, long d, long e, long f, long g);
NOINLINE long rot_a(long n, long a, long b, long c, long d, long e, long f, long g) {
    if (n == 0) return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g;
    MUSTTAIL return rot_b(n - 1, g, a, b + 1, c, d, e, f ^ n);
}
NOINLINE long rot_b(long n, long a, long b, long c, long d, long e, long f, long g) {
    if (n == 0) return a - b + c - d + e - f + g;
    MUSTTAIL return rot_a(n - 1, b, c, d, e, f, g, a + n);
}

/* Eleven integer arguments: three on the stack. */
NOINLINE long stk_b(long n, long a, long b, long c, long d, long e, long f, long g, long h,
                    long i, long j);
NOINLINE long stk_a(long n, long a, long b, long c, long d, long e, long f, long g, long h,
                    long i, long j) {
    if (n == 0) return a + b + c + d + e + f + g + 3 * h + 5 * i + 7 * j;
    MUSTTAIL return stk_b(n - 1, j, a, b, c, d, e, f, g, h + 1, i ^ n);
}
NOINLINE long stk_b(long n, long a, long b, long c, long d, long e, long f, long g, long h,
                    long i, long j) {
    if (n == 0) return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h ^ i ^ j;
    MUSTTAIL return stk_a(n - 1, b, c, d, e, f, g, h, i, j, a - n);
}

/* Doubles and floats with integers (no multiply-add: both compilers
 * round each operation alone). */
NOINLINE double fp_b(long n, double x, float y, double z);
NOINLINE double fp_a(long n, double x, float y, double z) {
    if (n == 0) return x + y + z;
    MUSTTAIL return fp_b(n - 1, z / 3.0 + 1.0, y + 0.5f, x - 0.25);
}
NOINLINE double fp_b(long n, double x, float y, double z) {
    if (n == 0) return x - y - z;
    MUSTTAIL return fp_a(n - 1, x + (double)(n & 7), y / 2.0f, z / 1.5);
}

/* Ten doubles: fa0..fa7 full, the ninth in a1, the tenth in a2. */
NOINLINE double many_b(long n, double a, double b, double c, double d, double e, double f,
                       double g, double h, double i, double j);
NOINLINE double many_a(long n, double a, double b, double c, double d, double e, double f,
                       double g, double h, double i, double j) {
    if (n == 0) return a + b + c + d + e + f + g + h + i + j;
    MUSTTAIL return many_b(n - 1, j, a, b, c, d, e, f, g, h, i + 1.0);
}
NOINLINE double many_b(long n, double a, double b, double c, double d, double e, double f,
                       double g, double h, double i, double j) {
    if (n == 0) return a - j;
    MUSTTAIL return many_a(n - 1, b, c, d, e, f, g, h, i, j, a / 2.0);
}

/* Indirect: through a table the compiler cannot see through. */
typedef long step_fn(long n, long acc);
NOINLINE long ind_a(long n, long acc);
NOINLINE long ind_b(long n, long acc);
NOINLINE long ind_c(long n, long acc);
static step_fn *volatile table[3] = {ind_a, ind_b, ind_c};
NOINLINE long ind_a(long n, long acc) {
    if (n == 0) return acc;
    MUSTTAIL return table[n % 3](n - 1, acc + n);
}
NOINLINE long ind_b(long n, long acc) {
    if (n == 0) return -acc;
    MUSTTAIL return table[(n + acc) & 1](n - 1, acc ^ 0x5a5a);
}
NOINLINE long ind_c(long n, long acc) {
    if (n == 0) return acc * 3;
    MUSTTAIL return table[(n >> 1) % 3](n - 1, acc - 7);
}

/* Indirect with the target passed as an argument, doubles and a stack
 * argument alongside. */
typedef double hop_fn(void *self, long n, double x, long a, long b, long c, long d, long e,
                      long f, long g);
NOINLINE double hop_a(void *self, long n, double x, long a, long b, long c, long d, long e,
                      long f, long g);
NOINLINE double hop_b(void *self, long n, double x, long a, long b, long c, long d, long e,
                      long f, long g) {
    if (n == 0) return x + a + b + c + d + e + f + g;
    MUSTTAIL return ((hop_fn *)self)((void *)hop_a, n - 1, x + 0.5, g, a, b, c, d, e, f + 1);
}
NOINLINE double hop_a(void *self, long n, double x, long a, long b, long c, long d, long e,
                      long f, long g) {
    if (n == 0) return x - a;
    MUSTTAIL return ((hop_fn *)self)((void *)hop_b, n - 1, x / 2.0, b, c, d, e, f, g, a ^ n);
}

/* Narrow integers (signext/zeroext arguments and results). */
NOINLINE unsigned char nar_b(unsigned char c, short s, signed char t, long n);
NOINLINE unsigned char nar_a(unsigned char c, short s, signed char t, long n) {
    if (n == 0) return (unsigned char)(c + s + t);
    MUSTTAIL return nar_b((unsigned char)(c + 3), (short)(s - 1000), (signed char)(t ^ 0x55), n - 1);
}
NOINLINE unsigned char nar_b(unsigned char c, short s, signed char t, long n) {
    if (n == 0) return (unsigned char)(c ^ s ^ t);
    MUSTTAIL return nar_a((unsigned char)(c * 5), (short)(s + 777), (signed char)(t - 1), n - 1);
}

/* __int128: register pairs. */
NOINLINE __int128 wide_b(long n, __int128 acc, long k);
NOINLINE __int128 wide_a(long n, __int128 acc, long k) {
    if (n == 0) return acc;
    MUSTTAIL return wide_b(n - 1, acc + ((__int128)k << 70), k + 1);
}
NOINLINE __int128 wide_b(long n, __int128 acc, long k) {
    if (n == 0) return -acc;
    MUSTTAIL return wide_a(n - 1, acc ^ (__int128)n, k * 3);
}

/* A struct result: returned through the caller's own sret pointer. */
struct quad { long a, b, c, d; };
NOINLINE struct quad q_b(long n, long x);
NOINLINE struct quad q_a(long n, long x) {
    if (n == 0) {
        struct quad q = {x, x + 1, x * 2, -x};
        return q;
    }
    MUSTTAIL return q_b(n - 1, x + n);
}
NOINLINE struct quad q_b(long n, long x) {
    if (n == 0) {
        struct quad q = {-x, x, 7, x ^ 3};
        return q;
    }
    MUSTTAIL return q_a(n - 1, x - 1);
}

/* Callers that make an ordinary call first, with values live across it:
 * ra and callee-saved registers are restored before the jump. */
static long calls;
NOINLINE long helper(long x, double y) {
    calls++;
    return x / 3 + (long)(y * 0.5);
}
NOINLINE long busy_b(long n, long acc, double y);
NOINLINE long busy_a(long n, long acc, double y) {
    if (n == 0) return acc;
    long t = helper(n, y);
    long u = helper(acc, y + 1.0);
    MUSTTAIL return busy_b(n - 1, acc + t - u + n, y + 0.25);
}
NOINLINE long busy_b(long n, long acc, double y) {
    if (n == 0) return acc * 2;
    long t = helper(acc ^ n, y);
    MUSTTAIL return busy_a(n - 1, acc - t + (long)y, y - 0.125);
}

/* Register pressure: more values live across the call than there are
 * callee-saved registers, so some arguments of the tail call come from
 * spill slots (two of them into the stack argument area). */
NOINLINE long press_b(long n, long a, long b, long c, long d, long e, long f, long g, long h,
                      long i, long j);
NOINLINE long press_a(long n, long a, long b, long c, long d, long e, long f, long g, long h,
                      long i, long j) {
    if (n == 0) return a + b + c + d + e + f + g + h + i + j;
    long m0 = (a * 3 + b) & 0xffff, m1 = (b ^ c) & 0xffff, m2 = (c + d * 5) & 0xffff;
    long m3 = (d - e) & 0xffff, m4 = (e + f) & 0xffff, m5 = (f ^ g * 7) & 0xffff;
    long m6 = (g + h) & 0xffff, m7 = (h - i) & 0xffff, m8 = (i + j * 3) & 0xffff;
    long m9 = (j ^ a) & 0xffff, m10 = (a + c) & 0xff, m11 = (b + d) & 0xff;
    long m12 = (c ^ e) & 0xff, m13 = (d + f) & 0xff, m14 = (n ^ g) & 0xff;
    long t = helper(m0 ^ m7, (double)(m3 & 1023));
    MUSTTAIL return press_b(n - 1, (m0 + m10 + t) & 0xffff, m1 + m11, m2 + m12, m3 + m13,
                            m4 + m14, m5, m6, m7, m8, m9);
}
NOINLINE long press_b(long n, long a, long b, long c, long d, long e, long f, long g, long h,
                      long i, long j) {
    if (n == 0) return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h ^ i ^ j;
    MUSTTAIL return press_a(n - 1, j, a, b, c, d, e, f, g, h, i + 1);
}

int main(void) {
    long r1 = even(50000000, 0);
    printf("even/odd %ld\n", r1);
    printf("down %ld %ld\n", down_a(9000001), down_b(9000000));
    long r2 = rot_a(6000000, 1, 2, 3, 4, 5, 6, 7);
    printf("rot %ld\n", r2);
    long r3 = stk_a(6000000, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    printf("stack %ld\n", r3);
    printf("fp %.17g\n", fp_a(5000000, 1.0, 2.0f, 3.0));
    printf("many %.17g\n", many_a(4000001, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    long r4 = table[0](6000000, 1);
    printf("indirect %ld\n", r4);
    printf("hop %.17g\n", hop_a((void *)hop_b, 4000000, 1.0, 1, 2, 3, 4, 5, 6, 7));
    printf("narrow %u %u\n", nar_a(1, 2, 3, 3000000), nar_a(200, -3, -100, 3000001));
    __int128 w = wide_a(3000000, 1, 5);
    printf("wide %016llx%016llx\n", (unsigned long long)(w >> 64), (unsigned long long)w);
    struct quad q = q_a(20001, 11); /* gcc makes no sibling call here: shallow */
    printf("sret %ld %ld %ld %ld\n", q.a, q.b, q.c, q.d);
    long r5 = busy_a(2000000, 3, 0.5);
    printf("busy %ld (%ld calls)\n", r5, calls);
    long r6 = press_a(1000000, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    printf("pressure %ld (%ld calls)\n", r6, calls);
    return (int)((r1 ^ r2 ^ r3 ^ r4 ^ r5 ^ r6) & 0x7f);
}
