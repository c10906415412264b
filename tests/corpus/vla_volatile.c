// Exercises allocas that must not be promoted: variable-length arrays, volatile and static locals.
#include <stdio.h>

static int vla_sum(int n) {
  int total = 0;
  for (int round = 1; round <= 3; round++) {
    int buf[n * round];          /* dynamic alloca outside the entry block */
    for (int i = 0; i < n * round; i++)
      buf[i] = i * round;
    for (int i = 0; i < n * round; i++)
      total += buf[i];
  }
  return total;
}

static int volatile_counter(int n) {
  volatile int v = 0;           /* volatile loads and stores: not promotable */
  int plain = 0;
  for (int i = 0; i < n; i++) {
    v = v + i;
    plain += v;
  }
  return plain;
}

static int static_local(void) {
  static int calls = 0;
  calls++;
  return calls * 10;
}

int main(void) {
  printf("vla_sum = %d\n", vla_sum(7));
  printf("volatile = %d\n", volatile_counter(20));
  int s = 0;
  for (int i = 0; i < 5; i++)
    s += static_local();
  printf("static = %d\n", s);
  return 0;
}
