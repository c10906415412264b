#include <stdio.h>
#include <stdint.h>
typedef __int128 i128;
typedef unsigned __int128 u128;
struct __attribute__((packed)) S { uint64_t a : 37; int64_t b : 29; uint64_t c : 17; int64_t d : 41; uint64_t e : 3; };
struct S gs = {12345, -77, 99, -123456789, 5};
static uint64_t h = 1469598103934665603ull;
static void mix(u128 v) { h = (h ^ (uint64_t)v) * 1099511628211ull; h = (h ^ (uint64_t)(v >> 64)) * 1099511628211ull; }
__attribute__((noinline)) i128 f(i128 a, u128 b, int s) { return (a << (s & 127)) ^ (i128)(b >> (s * 3 & 127)) ^ (a >> (s * 7 & 127)); }
int main(void) {
  u128 vals[] = {0, 1, 2, 0xffffffffffffffffull, (u128)1 << 64, ((u128)1 << 127), ~(u128)0, ((u128)0x123456789abcdefull << 60) | 0xfedcba987654321ull, (u128)-5, (u128)(((u128)1 << 64) - 1) << 32};
  int n = sizeof vals / sizeof vals[0];
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
    u128 a = vals[i], b = vals[j]; i128 sa = (i128)a, sb = (i128)b;
    mix(a + b); mix(a - b); mix(a * b); mix(a & b); mix(a | b); mix(a ^ ~b);
    mix(a < b); mix(a <= b); mix(sa < sb); mix(sa >= sb); mix(a == b); mix(sa > sb);
    if (b) { mix(a / b); mix(a % b); }
    if (sb && !(sa == ((i128)1 << 127) && sb == -1)) { mix(sa / sb); mix(sa % sb); }
    for (int s = 0; s < 128; s += 9) { mix(a << s); mix(a >> s); mix(sa >> s); mix(f(sa, b, s)); }
    mix((uint32_t)a); mix((int32_t)sa); mix((i128)(int64_t)a); mix((u128)(uint64_t)b); mix((i128)(int8_t)a);
    mix(sa < 0 ? -sa : sa);
  }
  struct S s = gs;
  for (int k = 0; k < 100; k++) {
    s.a += 7 * k; s.b -= 3 * k; s.c ^= k * 5; s.d = s.d * 3 + k; s.e += k;
    mix(s.a); mix(s.b); mix(s.c); mix(s.d); mix(s.e); mix(s.a < s.c); mix(s.b > s.d);
  }
  gs = s;
  printf("%016llx %d %lld\n", (unsigned long long)h, (int)gs.b, (long long)gs.d);
  return 0;
}
