// Exercises bit tricks on unsigned integers: popcount, bit reversal, power-of-two tests, rotations.
#include <stdio.h>
#include <stdint.h>

static int popcount(uint32_t x) {
  int c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

static uint32_t reverse_bits(uint32_t x) {
  uint32_t r = 0;
  for (int i = 0; i < 32; i++) {
    r = (r << 1) | (x & 1);
    x >>= 1;
  }
  return r;
}

static int is_pow2(uint64_t x) { return x && !(x & (x - 1)); }

static uint32_t rotl(uint32_t x, unsigned k) { return (x << (k & 31)) | (x >> ((32 - k) & 31)); }

static int ctz(uint64_t x) {
  if (x == 0)
    return 64;
  int n = 0;
  while (!(x & 1)) {
    x >>= 1;
    n++;
  }
  return n;
}

static uint32_t next_pow2(uint32_t v) {
  v--;
  v |= v >> 1;
  v |= v >> 2;
  v |= v >> 4;
  v |= v >> 8;
  v |= v >> 16;
  return v + 1;
}

int main(void) {
  uint32_t xs[] = {0, 1, 0x80000000u, 0xdeadbeefu, 12345u, 0xffffffffu};
  for (int i = 0; i < 6; i++)
    printf("%08x pop=%d rev=%08x rotl5=%08x ctz=%d np2=%08x\n", xs[i], popcount(xs[i]),
           reverse_bits(xs[i]), rotl(xs[i], 5), ctz(xs[i]), next_pow2(xs[i]));
  int pow2s = 0;
  for (uint64_t v = 0; v < 5000; v++)
    pow2s += is_pow2(v);
  printf("pow2 below 5000: %d\n", pow2s);
  int sign = -37;
  printf("abs via mask = %d\n", (sign ^ (sign >> 31)) - (sign >> 31));
  return 0;
}
