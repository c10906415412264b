// Exercises for, while and do-while loops, nested loops, break and continue.
#include <stdio.h>

static int sum_to(int n) {
  int s = 0;
  for (int i = 1; i <= n; i++)
    s += i;
  return s;
}

static int count_collatz(unsigned x) {
  int steps = 0;
  while (x != 1) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    steps++;
  }
  return steps;
}

static int digits(int n) {
  int d = 0;
  do {
    d++;
    n /= 10;
  } while (n != 0);
  return d;
}

static int nested_break_continue(int limit) {
  int acc = 0;
  for (int i = 0; i < limit; i++) {
    if (i % 3 == 0)
      continue;
    for (int j = 0; j < limit; j++) {
      if (j > i)
        break;
      if ((i + j) % 4 == 0)
        continue;
      acc += i * j;
    }
    if (acc > 5000)
      break;
  }
  return acc;
}

static int triple_nested(int n) {
  int c = 0;
  for (int a = 0; a < n; a++)
    for (int b = a; b < n; b++)
      for (int d = b; d < n; d++)
        if ((a + b + d) % 5 == 0)
          c++;
  return c;
}

int main(void) {
  printf("sum_to(100) = %d\n", sum_to(100));
  for (unsigned x = 1; x < 10; x++)
    printf("collatz(%u) = %d\n", x, count_collatz(x));
  printf("digits: %d %d %d\n", digits(0), digits(12345), digits(-907));
  printf("nested = %d\n", nested_break_continue(40));
  printf("triple = %d\n", triple_nested(20));
  return 0;
}
