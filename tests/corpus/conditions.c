// Exercises nested if/else chains, the seed's foo if/else merge, and conditional expressions.
#include <stdio.h>

int foo(int x, int y) {
  int a;
  if (x > 0) {
    a = 1;
  } else {
    a = 2;
  }
  return a + y;
}

static int classify(int x, int y, int z) {
  int r;
  if (x > y) {
    if (y > z)
      r = 1;
    else if (x > z)
      r = 2;
    else
      r = 3;
  } else {
    if (x > z) {
      r = 4;
    } else {
      if (y > z)
        r = 5;
      else
        r = 6;
    }
  }
  return r;
}

static int grade(int score) {
  int g = 'F';
  if (score >= 90)
    g = 'A';
  else if (score >= 80)
    g = 'B';
  else if (score >= 70)
    g = 'C';
  else if (score >= 60)
    g = 'D';
  return g;
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(void) {
  printf("foo: %d %d\n", foo(3, 10), foo(-3, 10));
  int vals[] = {1, 2, 3};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < 3; k++)
        printf("%d", classify(vals[i], vals[j], vals[k]));
  printf("\n");
  for (int s = 55; s <= 100; s += 9)
    printf("grade(%d) = %c\n", s, grade(s));
  printf("clamp: %d %d %d\n", clamp(-5, 0, 10), clamp(5, 0, 10), clamp(50, 0, 10));
  return 0;
}
