// Exercises a sieve of Eratosthenes and loops with several exits (search with break and return).
#include <stdio.h>

#define LIMIT 2000

static int first_gap_at_least(const char *composite, int gap) {
  int prev = 2;
  for (int i = 3; i < LIMIT; i++) {
    if (composite[i])
      continue;
    if (i - prev >= gap)
      return prev;
    prev = i;
  }
  return -1;
}

int main(void) {
  char composite[LIMIT];
  for (int i = 0; i < LIMIT; i++)
    composite[i] = 0;
  for (int i = 2; i * i < LIMIT; i++) {
    if (composite[i])
      continue;
    for (int j = i * i; j < LIMIT; j += i)
      composite[j] = 1;
  }
  int count = 0, last = 0, twins = 0;
  for (int i = 2; i < LIMIT; i++) {
    if (!composite[i]) {
      count++;
      if (i - last == 2)
        twins++;
      last = i;
    }
  }
  printf("primes below %d: %d, largest %d, twin pairs %d\n", LIMIT, count, last, twins);
  for (int g = 2; g <= 30; g += 4)
    printf("first gap >= %d after %d\n", g, first_gap_at_least(composite, g));
  return 0;
}
