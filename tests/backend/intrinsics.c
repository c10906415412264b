/* Integer and floating-point builtins that clang turns into LLVM
 * intrinsics (min/max at -O2, abs, rotations = funnel shifts, bit counts,
 * byte swaps, overflow checks, the rounding family, copysign, fmin/fmax,
 * lround, isnan/isinf = is.fpclass), over edge values of every width; the
 * results are folded into checksums printed per family. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const uint64_t edges[] = {0, 1, 2, 3, 5, 7, 8, 15, 16, 31, 32, 33, 63, 64, 100, 127, 128,
                                 129, 255, 256, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff,
                                 0x80000000u, 0xffffffffu, 0x100000000ull, 0x123456789abcdefull,
                                 0x7fffffffffffffffull, 0x8000000000000000ull,
                                 0xfedcba9876543210ull, 0xffffffffffffffffull};
#define N (sizeof edges / sizeof edges[0])

static uint64_t h = 1469598103934665603ull;
static void mix(uint64_t v) { h = (h ^ v) * 1099511628211ull; }
static void report(const char *what) {
    printf("%-10s %016llx\n", what, (unsigned long long)h);
    h = 1469598103934665603ull;
}

/* gcc has no __builtin_bitreverse*: the reference build reverses by hand. */
#ifndef __clang__
static uint64_t reverse(uint64_t x, int bits) {
    uint64_t r = 0;
    for (int i = 0; i < bits; i++)
        r |= ((x >> i) & 1) << (bits - 1 - i);
    return r;
}
#define __builtin_bitreverse64(x) reverse(x, 64)
#define __builtin_bitreverse32(x) (uint32_t)reverse(x, 32)
#define __builtin_bitreverse16(x) (uint16_t)reverse(x, 16)
#define __builtin_bitreverse8(x) (uint8_t)reverse(x, 8)
#endif

static uint32_t rotl32(uint32_t x, unsigned s) { return (x << (s & 31)) | (x >> (-s & 31)); }
static uint64_t rotr64(uint64_t x, unsigned s) { return (x >> (s & 63)) | (x << (-s & 63)); }
static uint8_t rotl8(uint8_t x, unsigned s) { return (uint8_t)((x << (s & 7)) | (x >> (-s & 7))); }
static uint16_t rotr16(uint16_t x, unsigned s) {
    return (uint16_t)((x >> (s & 15)) | (x << (-s & 15)));
}

int main(void) {
    for (unsigned i = 0; i < N; i++)
        for (unsigned j = 0; j < N; j++) {
            uint64_t a = edges[i] ^ (j & 1 ? 0 : edges[N - 1 - j]), b = edges[j];
            int32_t sa = (int32_t)a, sb = (int32_t)b;
            int8_t ca = (int8_t)a, cb = (int8_t)b;
            int16_t wa = (int16_t)a, wb = (int16_t)b;
            mix(sa < sb ? sa : sb), mix(sa > sb ? sa : sb);
            mix((uint32_t)a < (uint32_t)b ? (uint32_t)a : (uint32_t)b);
            mix(a > b ? a : b), mix((int64_t)a < (int64_t)b ? a : b);
            mix(ca < cb ? ca : cb), mix((uint16_t)wa > (uint16_t)wb ? (uint16_t)wa : (uint16_t)wb);
            mix(wa > wb ? wa : wb), mix((uint8_t)ca < (uint8_t)cb ? (uint8_t)ca : (uint8_t)cb);
        }
    report("minmax");
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = edges[i];
        /* (abs of the minimum value is undefined in C) */
        if ((int)a != INT32_MIN)
            mix(abs((int)a));
        if ((long)a != INT64_MIN)
            mix(labs((long)a)), mix(llabs(-(long long)a));
        mix(abs((int8_t)a)), mix(abs((int16_t)a));
    }
    report("abs");
    for (unsigned i = 0; i < N; i++)
        for (unsigned s = 0; s < 70; s += 3) {
            uint64_t a = edges[i];
            mix(rotl32((uint32_t)a, s)), mix(rotr64(a, s)), mix(rotl8((uint8_t)a, s));
            mix(rotr16((uint16_t)a, s)), mix(rotl32((uint32_t)a, 7)), mix(rotr64(a, 13));
            mix(((uint32_t)a << (s & 31)) | ((uint32_t)(a >> 32) >> (32 - (s & 31)) % 32));
        }
    report("rotate");
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = edges[i];
        mix(__builtin_popcountll(a)), mix(__builtin_popcount((uint32_t)a));
        mix(__builtin_parity((uint32_t)a)), mix(__builtin_parityll(a));
        if (a) {
            mix(__builtin_clzll(a)), mix(__builtin_ctzll(a));
        }
        if ((uint32_t)a) {
            mix(__builtin_clz((uint32_t)a)), mix(__builtin_ctz((uint32_t)a));
        }
        if ((uint16_t)a) {
            mix(__builtin_clz((uint16_t)a) - 16), mix(__builtin_ctz((uint16_t)a));
        }
        mix(__builtin_ffsll((long long)a)), mix(__builtin_ffs((int)a));
        mix(__builtin_clrsbll((long long)a)), mix(__builtin_clrsb((int)a));
    }
    report("bitcount");
    for (unsigned i = 0; i < N; i++) {
        uint64_t a = edges[i] * 0x9e3779b97f4a7c15ull;
        mix(__builtin_bswap64(a)), mix(__builtin_bswap32((uint32_t)a));
        mix(__builtin_bswap16((uint16_t)a)), mix(__builtin_bitreverse64(a));
        mix(__builtin_bitreverse32((uint32_t)a)), mix(__builtin_bitreverse16((uint16_t)a));
        mix(__builtin_bitreverse8((uint8_t)a));
    }
    report("reverse");
    for (unsigned i = 0; i < N; i++)
        for (unsigned j = 0; j < N; j++) {
            uint64_t a = edges[i], b = edges[j];
            long long sr;
            unsigned long long ur;
            int ir;
            unsigned uir;
            short shr;
            unsigned char ucr;
            mix(__builtin_saddll_overflow((long long)a, (long long)b, &sr)), mix(sr);
            mix(__builtin_ssubll_overflow((long long)a, (long long)b, &sr)), mix(sr);
            mix(__builtin_smulll_overflow((long long)a, (long long)b, &sr)), mix(sr);
            mix(__builtin_uaddll_overflow(a, b, &ur)), mix(ur);
            mix(__builtin_usubll_overflow(a, b, &ur)), mix(ur);
            mix(__builtin_umulll_overflow(a, b, &ur)), mix(ur);
            mix(__builtin_sadd_overflow((int)a, (int)b, &ir)), mix(ir);
            mix(__builtin_ssub_overflow((int)a, (int)b, &ir)), mix(ir);
            mix(__builtin_smul_overflow((int)a, (int)b, &ir)), mix(ir);
            mix(__builtin_uadd_overflow((unsigned)a, (unsigned)b, &uir)), mix(uir);
            mix(__builtin_usub_overflow((unsigned)a, (unsigned)b, &uir)), mix(uir);
            mix(__builtin_umul_overflow((unsigned)a, (unsigned)b, &uir)), mix(uir);
            mix(__builtin_mul_overflow((short)a, (short)b, &shr)), mix(shr);
            mix(__builtin_add_overflow((unsigned char)a, (unsigned char)b, &ucr)), mix(ucr);
            mix(__builtin_sub_overflow((unsigned char)a, (unsigned char)b, &ucr)), mix(ucr);
            mix(__builtin_mul_overflow((unsigned char)a, (unsigned char)b, &ucr)), mix(ucr);
            /* saturating forms, as clang -O2 recognises them */
            uint32_t x = (uint32_t)a, y = (uint32_t)b;
            mix(x > y ? x - y : 0), mix(x + y < x ? 0xffffffffu : x + y);
            uint8_t p = (uint8_t)a, q = (uint8_t)b;
            mix(p > q ? p - q : 0), mix((uint8_t)(p + q) < p ? 255 : (uint8_t)(p + q));
        }
    report("overflow");
    static const double fs[] = {0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 2.4999, 1e15 + 0.5,
                                -1e300, 4503599627370497.0, 1.0 / 0.0, -1.0 / 0.0, 0.1, 7.0};
    for (unsigned i = 0; i < sizeof fs / sizeof fs[0]; i++)
        for (unsigned j = 0; j < sizeof fs / sizeof fs[0]; j++) {
            double x = fs[i], y = fs[j];
            float fx = (float)x, fy = (float)y;
            union { double d; uint64_t u; } u;
            double r[] = {floor(x), ceil(x), trunc(x), round(x), rint(x), nearbyint(x),
                          copysign(x, y), fmin(x, y), fmax(x, y), floorf(fx), ceilf(fx),
                          truncf(fx), roundf(fx), copysignf(fx, fy), fminf(fx, fy), fmaxf(fx, fy)};
            for (unsigned k = 0; k < sizeof r / sizeof r[0]; k++) {
                u.d = r[k];
                mix(u.u);
            }
            mix(isnan(x)), mix(isinf(x)), mix(isfinite(x)), mix(isnormal(x)), mix(signbit(x));
            mix(isnan(fx)), mix(isinf(fx)), mix(__builtin_isnan(x / y));
            if (fabs(x) < 1e18)
                mix(lround(x)), mix(llround(x)), mix(lroundf(fx)), mix(lrint(x));
        }
    report("float");
    return 0;
}
