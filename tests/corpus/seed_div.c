// Exercises the seed's main with b = -1 / 1 (a constant-folded division) and single-store locals.
#include <stdio.h>

int main(void) {
  int a = 5;
  int b = -1 / 1;
  int c = a / b;
  int d = a % 3;
  int e = -7 / 2;
  int f = -7 % 2;
  unsigned g = (unsigned)b / 2u;
  printf("a=%d b=%d c=%d d=%d e=%d f=%d g=%u\n", a, b, c, d, e, f, g);
  return 0;
}
