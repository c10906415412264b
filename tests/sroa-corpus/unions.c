/* Unions and type punning: a float read as an int, bytes of an int,
   a pointer-sized union, overlapping members of different sizes. */
#include <stdio.h>
#include <stdint.h>

union fi { float f; uint32_t i; unsigned char b[4]; };
union wide { uint64_t q; uint32_t d[2]; uint16_t w[4]; double f; };
union ptrint { void *p; uintptr_t u; };

int main(void) {
  union fi x;
  x.f = 1.5f;
  unsigned hi = x.b[3], lo = x.b[0];
  union wide w;
  w.q = 0x0102030405060708ULL;
  w.w[1] = 0xbeef;
  unsigned d0 = w.d[0], d1 = w.d[1];
  union wide g;
  g.f = 2.0;
  g.d[0] ^= 1;
  union ptrint pi;
  int local = 5;
  pi.p = &local;
  int same = (uintptr_t)&local == pi.u;
  printf("%08x %02x %02x %08x %08x %.17g %d\n", x.i, hi, lo, d0, d1, g.f, same);
  return (int)(x.i >> 24);
}
