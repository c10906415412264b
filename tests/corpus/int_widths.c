// Exercises integer widths: char/short/int/long, signed and unsigned conversions and wraparound.
#include <stdio.h>
#include <stdint.h>

int main(void) {
  unsigned char uc = 250;
  signed char sc = 120;
  unsigned short us = 65530;
  short ss = 32000;
  unsigned u = 4294967290u;
  long l = 9000000000L;
  unsigned long ul = 18446744073709551610UL;
  for (int i = 0; i < 10; i++) {
    uc++;
    us += 3;
    u += 2;
    ul += 4;
  }
  sc = (signed char)(sc + 10);   /* implementation-defined narrowing, not UB */
  ss = (short)(ss + 1000);
  printf("uc=%u us=%u u=%u ul=%lu\n", (unsigned)uc, (unsigned)us, u, ul);
  printf("sc=%d ss=%d\n", (int)sc, (int)ss);
  long prod = l * 3;
  int narrowed = (int)(l & 0x7fffffff);
  printf("l*3=%ld narrowed=%d\n", prod, narrowed);
  char c = -1;
  unsigned char c2 = (unsigned char)c;
  int promoted = c2 + 1;
  printf("c2=%u promoted=%d\n", (unsigned)c2, promoted);
  int8_t a8 = -128;
  uint8_t b8 = (uint8_t)a8;
  int16_t a16 = (int16_t)(b8 << 7);
  printf("b8=%u a16=%d\n", (unsigned)b8, (int)a16);
  unsigned acc = 1;
  for (int i = 0; i < 40; i++)
    acc = acc * 2654435761u + (unsigned)i;
  printf("hash=%u\n", acc);
  long long big = -1;
  unsigned long long ubig = (unsigned long long)big;
  printf("ubig=%llu shifted=%llu\n", ubig, ubig >> 60);
  return 0;
}
