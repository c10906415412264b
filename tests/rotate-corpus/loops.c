/* Loop shapes for pebble-loop-rotate: while, for, nested, do-while,
 * continue (two latches), break, short-circuit conditions, values defined
 * in the header and used after the loop. Prints a checksum. */
#include <stdio.h>

static unsigned hash = 17;
static void mix(unsigned v) { hash = hash * 31u + v; }

int count_squares(int n) {
  int i = 0, sq = 0;
  while ((sq = i * i) < n) {
    mix(sq);
    i++;
  }
  return sq;
}

int sum_to(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}

int nested(int n) {
  int t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      t += i ^ j;
  return t;
}

int do_while(int n) {
  int k = 0;
  do {
    k += n;
    n--;
  } while (n > 0);
  return k;
}

int with_continue(int n) {
  int i = 0, s = 0;
  while (i < n) {
    i++;
    if (i % 3 == 0)
      continue;
    s += i;
  }
  return s;
}

int with_break(int n) {
  int i, s = 0;
  for (i = 0; i < n; i++) {
    if (s > 100)
      break;
    s += i * 2;
  }
  return s + i;
}

int short_circuit(int n, int m) {
  int i = 0;
  while (i < n && i * 2 < m)
    i++;
  return i;
}

int header_value_after(int *a, int n) {
  int i = 0, v;
  while ((v = a[i]) != 0 && i < n)
    i++;
  return v + i;
}

int infinite_with_exit(int n) {
  int i = 0;
  for (;;) {
    if (i * 3 > n)
      return i;
    i++;
  }
}

int swap_fib(int n) {
  int a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    int t = a;
    a = b;
    b = t + b;
  }
  return a;
}

int big_header(int n, int x) {
  int i = 0;
  while (((i * x + 3) ^ (i - x)) * (x + 1) + (i << 2) - (x >> 1) + (i | x) * (i & 7) +
             (x % 5) * (i + 9) - (i * i) + (x * x * i) < n * 100 &&
         i < 1000)
    i++;
  return i;
}

int main(void) {
  int arr[8] = {5, 4, 3, 2, 1, 0, 9, 9};
  mix(count_squares(50));
  mix(sum_to(10));
  mix(nested(7));
  mix(do_while(5));
  mix(with_continue(20));
  mix(with_break(30));
  mix(short_circuit(10, 9));
  mix(header_value_after(arr, 8));
  mix(infinite_with_exit(40));
  mix(swap_fib(20));
  mix(big_header(3, 2));
  mix(count_squares(0));
  mix(sum_to(0));
  printf("%u\n", hash);
  return 0;
}
