/* Nested loops over arrays, a switch inside a loop, and a loop whose
 * header loads from memory. Prints a checksum. */
#include <stdio.h>

#define N 6
static int m[N][N];

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i][j] = (i * 7 + j * 3) % 11 - 5;
}

static int trace_product(void) {
  int p = 1, i = 0;
  while (i < N) {
    p = p * (m[i][i] == 0 ? 1 : m[i][i]);
    i++;
  }
  return p;
}

static int classify(void) {
  int c = 0;
  for (int i = 0; i < N * N; i++) {
    switch (m[i / N][i % N]) {
    case -5: c += 1; break;
    case 0: c += 10; break;
    case 5: c += 100; break;
    default: c += 1000;
    }
  }
  return c;
}

static int first_negative_row(void) {
  int r = 0;
  while (r < N && m[r][0] >= 0)
    r++;
  return r;
}

static long long triangle(int n) {
  long long s = 0;
  int i = 1;
  while (i <= n) {
    int j = i;
    while (j > 0) {
      s += j;
      j -= 2;
    }
    i++;
  }
  return s;
}

int main(void) {
  fill();
  printf("%d %d %d %lld\n", trace_product(), classify(), first_negative_row(), triangle(9));
  return 0;
}
