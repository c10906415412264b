/* Struct state carried around loops (needs phis after splitting), swaps,
   and memmove/memset with constant sizes over parts of structs. */
#include <stdio.h>
#include <string.h>

struct state { long a; long b; int steps; short tag; };

int main(int argc, char **argv) {
  (void)argv;
  struct state s = {1, 1, 0, 7}, t;
  memset(&t, 0, sizeof t);
  for (int i = 0; i < 40 + argc; i++) {
    struct state n = s;
    n.a = s.b;
    n.b = (s.a + s.b) % 1000003;
    n.steps++;
    if (i % 3 == 0) { struct state tmp = t; t = n; n = tmp; n.tag++; }
    s = n;
  }
  long arr[4] = {1, 2, 3, 4};
  memmove(&arr[1], &arr[0], 2 * sizeof(long));
  struct state z;
  memset(&z, 0xff, sizeof z);
  z.steps = 0;
  printf("%ld %ld %d %d %ld %ld %d %ld %ld\n", s.a, s.b, s.steps, s.tag, t.a,
         arr[1] + arr[2], z.tag, z.a, arr[3]);
  return (int)(s.a & 0x3f);
}
