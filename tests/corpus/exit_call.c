// Exercises leaving the program through exit() from a nested call, with a nonzero status.
#include <stdio.h>
#include <stdlib.h>

static void check(int depth, int budget) {
  int used = depth * depth;
  if (used > budget) {
    printf("budget %d exceeded at depth %d\n", budget, depth);
    fflush(stdout);
    exit(depth);
  }
  check(depth + 1, budget - used / 2);
}

int main(void) {
  printf("start\n");
  check(1, 40);
  printf("not reached\n");
  return 0;
}
