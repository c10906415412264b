// Exercises irreducible control flow: gotos entering a loop at two different points.
#include <stdio.h>

static int irreducible(int n, int start_in_middle) {
  int i = 0, acc = 1;
  if (start_in_middle)
    goto middle;
top:
  acc = acc * 3 % 1000;
  i++;
middle:
  acc += i;
  if (i < n)
    goto top;
  return acc;
}

static int two_headed(int n) {
  int x = n, y = 0, steps = 0;
  if (x & 1)
    goto B;
A:
  if (x <= 1)
    goto done;
  x /= 2;
  y += 1;
  steps++;
B:
  if (x <= 1)
    goto done;
  x = (3 * x + 1) % 1000;
  y += 2;
  steps++;
  if (steps < 200)
    goto A;
done:
  return y * 1000 + steps;
}

int main(void) {
  for (int n = 0; n < 6; n++)
    printf("irr(%d) = %d / %d\n", n, irreducible(n, 0), irreducible(n, 1));
  for (int n = 1; n < 12; n++)
    printf("two_headed(%d) = %d\n", n, two_headed(n));
  return 0;
}
