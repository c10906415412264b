// Exercises the seed's swap.c fib loop (five allocas, three phis) and pointer-based swaps.
#include <stdio.h>

int fib(int n) {
  int a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    int t = a;
    a = b;
    b = t + b;
  }
  return a;
}

static void swap(int *x, int *y) {
  int t = *x;
  *x = *y;
  *y = t;
}

static int rotate3(int a, int b, int c) {
  swap(&a, &b);
  swap(&b, &c);
  return a * 100 + b * 10 + c;
}

int main(void) {
  for (int n = 0; n < 15; n++)
    printf("%d ", fib(n));
  printf("\n");
  int x = 3, y = 4;
  swap(&x, &y);
  printf("x=%d y=%d\n", x, y);
  printf("rotate3 = %d\n", rotate3(1, 2, 3));
  return 0;
}
