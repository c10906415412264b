// Exercises recursion: fib, a small Ackermann, mutual recursion, gcd and tree-shaped calls.
#include <stdio.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int ack(int m, int n) {
  if (m == 0)
    return n + 1;
  if (n == 0)
    return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static unsigned gcd(unsigned a, unsigned b) { return b == 0 ? a : gcd(b, a % b); }

static long hanoi(int n, int from, int to, int via, long *checksum) {
  if (n == 0)
    return 0;
  long moves = hanoi(n - 1, from, via, to, checksum);
  *checksum = (*checksum * 31 + from * 3 + to) % 1000003;
  moves += 1 + hanoi(n - 1, via, to, from, checksum);
  return moves;
}

int main(void) {
  for (int i = 0; i <= 20; i += 4)
    printf("fib(%d) = %d\n", i, fib(i));
  printf("ack(2,3) = %d, ack(3,3) = %d\n", ack(2, 3), ack(3, 3));
  printf("even(10)=%d odd(7)=%d even(7)=%d\n", is_even(10), is_odd(7), is_even(7));
  printf("gcd(1071,462) = %u\n", gcd(1071, 462));
  long cs = 0;
  long moves = hanoi(10, 1, 3, 2, &cs);
  printf("hanoi moves = %ld checksum = %ld\n", moves, cs);
  return 0;
}
