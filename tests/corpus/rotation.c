// Exercises loop-carried rotations of many variables (the swap and lost-copy shapes of SSA).
#include <stdio.h>

static int rotate4(int n) {
  int a = 1, b = 2, c = 3, d = 4;
  for (int i = 0; i < n; i++) {
    int t = a;
    a = b;
    b = c;
    c = d;
    d = t + i;
  }
  return a * 1000 + b * 100 + c * 10 + d;
}

static int lost_copy(int n) {
  int x = 0, y = 0;
  do {
    y = x;
    x = x + 1;
  } while (x < n);
  return y;
}

static int swap_until(int n) {
  int p = 1, q = 0;
  while (n-- > 0) {
    int t = p;
    p = q;
    q = t;
    if (p + q > 100)
      break;
    p += q;
  }
  return p * 10 + q;
}

int main(void) {
  for (int n = 0; n < 6; n++)
    printf("rotate4(%d) = %d\n", n, rotate4(n));
  printf("lost_copy = %d %d\n", lost_copy(1), lost_copy(10));
  printf("swap_until = %d %d\n", swap_until(5), swap_until(50));
  return 0;
}
