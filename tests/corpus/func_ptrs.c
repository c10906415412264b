// Exercises function pointers: tables of operations, callbacks, and a pointer chosen in a loop.
#include <stdio.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxi(int a, int b) { return a > b ? a : b; }

static int fold(const int *xs, int n, binop f, int init) {
  int acc = init;
  for (int i = 0; i < n; i++)
    acc = f(acc, xs[i]);
  return acc;
}

static void apply_all(int *xs, int n, int (*f)(int)) {
  for (int i = 0; i < n; i++)
    xs[i] = f(xs[i]);
}

static int twice_plus_one(int x) { return 2 * x + 1; }
static int square(int x) { return x * x; }

int main(void) {
  binop table[] = {add, sub, mul, maxi};
  const char *names[] = {"add", "sub", "mul", "max"};
  int xs[] = {3, 1, 4, 1, 5, 9, 2, 6};
  for (int i = 0; i < 4; i++)
    printf("fold %s = %d\n", names[i], fold(xs, 8, table[i], i == 2 ? 1 : 0));
  int (*chosen)(int) = twice_plus_one;
  for (int round = 0; round < 3; round++) {
    apply_all(xs, 8, chosen);
    chosen = (round & 1) ? twice_plus_one : square;
  }
  for (int i = 0; i < 8; i++)
    printf("%d ", xs[i]);
  printf("\n");
  return 0;
}
