// Exercises variables defined and used only on some paths (pruned SSA places no phi where dead).
#include <stdio.h>

static int partial(int n) {
  int total = 0;
  for (int i = 0; i < n; i++) {
    int tmp;
    if (i % 3 == 0) {
      tmp = i * 2;
      total += tmp;
    } else if (i % 3 == 1) {
      tmp = i + 100;
      total -= tmp / 10;
    } else {
      total += 1;
    }
  }
  return total;
}

static int reassigned_after_loop(int n) {
  int x = 5, dead = 0;
  for (int i = 0; i < n; i++) {
    dead = i * 3;   /* stored, never read after the loop: live only inside */
    x += dead;
  }
  dead = 7;
  return x + dead;
}

static int diamond_chain(int a, int b) {
  int v = 0;
  if (a) v = 1; else v = 2;
  if (b) v += 10; else v += 20;
  if (a == b) v *= 3;
  return v;
}

int main(void) {
  printf("partial = %d %d\n", partial(10), partial(31));
  printf("reassigned = %d\n", reassigned_after_loop(6));
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      printf("diamond(%d,%d) = %d\n", a, b, diamond_chain(a, b));
  return 0;
}
