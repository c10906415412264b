#include <stdio.h>
/* deep expressions with many simultaneously live values across calls: forces spilling */
static long id(long x) { return x; }
static long mix(long a, long b) { return a * 31 + b; }
int main(void) {
    long v[24];
    for (int i = 0; i < 24; i++) v[i] = i * 7 + 3;
    long a0 = v[0], a1 = v[1], a2 = v[2], a3 = v[3], a4 = v[4], a5 = v[5], a6 = v[6], a7 = v[7];
    long b0 = v[8], b1 = v[9], b2 = v[10], b3 = v[11], b4 = v[12], b5 = v[13], b6 = v[14], b7 = v[15];
    long c0 = v[16], c1 = v[17], c2 = v[18], c3 = v[19], c4 = v[20], c5 = v[21], c6 = v[22], c7 = v[23];
    long r = 0;
    for (int k = 0; k < 5; k++) {
        r += id(a0 * b0 - c0) ^ mix(a1 + b1, c1) ^ id(a2 - b2 * c2);
        r += mix(a3, b3) * mix(c3, a4) - id(b4 + c4) * (a5 - b5 + c5);
        r ^= (a6 * b6 * c6) + (a7 - b7) * c7 + id(r >> 3);
        a0++; b1--; c2 += 3; a3 ^= r; b4 = b4 * 3 % 1000; c5 -= a6; a7 += b7 & 15;
        double d = (double)a0 / 3 + (double)b1 * 1.5 - (double)c2 / 7 + (double)a3 * 0.001;
        r += (long)d;
    }
    printf("%ld\n", r);
    return (int)(r & 0x3f);
}
