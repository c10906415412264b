#include <stdio.h>
/* switch with dense, sparse and negative cases; i8/i16 wraparound */
static int classify(int x) {
    switch (x) {
    case -7: return 100;
    case 0: return 1;
    case 1: case 2: return 2;
    case 1000: return 3;
    case 123456789: return 4;
    default: return -1;
    }
}
int main(void) {
    int sum = 0;
    int xs[] = {-7, 0, 1, 2, 3, 1000, 123456789, -1};
    for (int i = 0; i < 8; i++) sum = sum * 3 + classify(xs[i]);
    printf("%d\n", sum);
    signed char c = 120; unsigned char u = 250; short s = 32760; unsigned short us = 65530;
    for (int i = 0; i < 10; i++) { c++; u++; s += 3; us += 7; }
    printf("%d %d %d %d\n", c, u, s, us);
    signed char d = -128; d = d / -1; unsigned char e = 200; e = e / 3; e %= 7;
    printf("%d %d %d %d\n", d, e, (signed char)(u << 3), (unsigned char)(c >> 1));
    short q = -5; unsigned short r = (unsigned short)q >> 2;
    printf("%d %d %d\n", q >> 1, r, (short)(r * 3));
    return sum & 0x7f;
}
