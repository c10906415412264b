// Exercises short-circuit && and ||, with side effects that must happen or not happen.
#include <stdio.h>

static int calls;

static int t(int v) {
  calls++;
  return v;
}

static int in_range(int x, int lo, int hi) { return x >= lo && x <= hi; }

int main(void) {
  int results = 0;
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      for (int c = 0; c < 2; c++) {
        calls = 0;
        int r1 = t(a) && t(b) && t(c);
        int c1 = calls;
        calls = 0;
        int r2 = t(a) || t(b) || t(c);
        int c2 = calls;
        calls = 0;
        int r3 = (t(a) && t(b)) || (!t(a) && t(c));
        int c3 = calls;
        printf("%d%d%d: and=%d/%d or=%d/%d mix=%d/%d\n", a, b, c, r1, c1, r2, c2, r3, c3);
        results = results * 3 + r1 + r2 + r3;
      }
  int count = 0;
  for (int x = -5; x < 20; x++)
    if (in_range(x, 0, 9) || x == 15)
      count++;
  int *p = 0;
  int safe = (p != 0 && *p == 3);
  printf("results = %d count = %d safe = %d\n", results, count, safe);
  return 0;
}
