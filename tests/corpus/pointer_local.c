// Exercises pointers to locals: escaping allocas must stay in memory, others are promoted.
#include <stdio.h>

static int *global_ptr;

static void bump(int *p, int by) { *p += by; }
static void remember(int *p) { global_ptr = p; }

static int escapes_through_store(int n) {
  int x = n;
  int *p = &x;      /* the address of x is stored in p: x is not promotable */
  int **pp = &p;
  **pp += 5;
  bump(*pp, 2);
  return x;
}

static int escapes_through_global(int n) {
  int local = n * 2;
  remember(&local);
  *global_ptr += 1;
  int seen = *global_ptr;
  global_ptr = 0;
  return local + seen;
}

static int alias_in_loop(int n) {
  int a = 0, b = 0;
  int *which;
  for (int i = 0; i < n; i++) {
    which = (i & 1) ? &a : &b;
    *which += i;
  }
  return a * 1000 + b;
}

static int self_pointer(int n) {
  void *self = &self;       /* the slot holds its own address: not promotable */
  void **again = (void **)self;
  int same = *again == self;
  int count = n;            /* promotable, next to the escaping slot */
  if (same)
    count += 100;
  return count;
}

int main(void) {
  printf("store: %d\n", escapes_through_store(10));
  printf("global: %d\n", escapes_through_global(21));
  printf("alias: %d\n", alias_in_loop(10));
  printf("self: %d\n", self_pointer(5));
  return 0;
}
