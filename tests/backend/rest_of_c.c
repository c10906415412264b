/* The rest of C: computed goto (indirectbr, blockaddress in code and in a
 * static table of label differences), global aliases, constant-expression
 * initialisers (pointer differences, integers from addresses, an
 * inttoptr constant), thread-local variables, weak and hidden symbols,
 * and over-aligned locals. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
extern int aliased_table[8] __attribute__((alias("table")));
int sum_impl(int a, int b) { return a + b; }
int sum_alias(int, int) __attribute__((alias("sum_impl")));

/* constant-expression initialisers */
static char buf[64];
static char *const mid = buf + 40;
static const long span = (long)(sizeof buf);
static uintptr_t addr_plus = (uintptr_t)&table[3] + 8;
static void *const minus_one = (void *)(intptr_t)-1; /* an inttoptr constant */
static int *const table_end = &table[8];
struct ops {
  const char *name;
  int (*fn)(int, int);
  long off;
};
static struct ops ops_table[] = {{"sum", sum_impl, 0}, {"alias", sum_alias, 16}};

/* thread-locals: initialised (.tdata), zero (.tbss), extern-visible */
__thread int tls_counter = 40;
static __thread long tls_zero;
__thread char tls_name[16] = "tls";

/* weak and hidden */
extern int maybe_missing(int) __attribute__((weak));
__attribute__((weak)) int overridable(void) { return 7; }
__attribute__((visibility("hidden"))) int hidden_twice(int x) { return 2 * x; }

static int interp(const unsigned char *code) {
  static void *dispatch[] = {&&op_inc, &&op_dbl, &&op_neg, &&op_halt};
  int acc = 1, steps = 0;
#define NEXT goto *dispatch[code[steps++]]
  NEXT;
op_inc:
  acc += 1;
  NEXT;
op_dbl:
  acc *= 2;
  NEXT;
op_neg:
  acc = -acc;
  NEXT;
op_halt:
  return acc * 100 + steps;
}

/* GCC's threaded code with label differences in a static table */
static int interp_offsets(int n) {
  static const int offs[] = {&&l_a - &&l_a, &&l_b - &&l_a, &&l_c - &&l_a};
  int acc = 0, i = 0;
  goto *(&&l_a + offs[i % 3]);
l_a:
  acc += 1;
  if (++i < n) goto *(&&l_a + offs[i % 3]);
  return acc;
l_b:
  acc += 10;
  if (++i < n) goto *(&&l_a + offs[i % 3]);
  return acc;
l_c:
  acc += 100;
  if (++i < n) goto *(&&l_a + offs[i % 3]);
  return acc;
}

static int aligned_locals(int n) {
  _Alignas(64) char a[100];
  _Alignas(128) long b[3];
  char vla[n] __attribute__((aligned(32)));
  memset(a, 1, sizeof a);
  b[0] = 5;
  vla[0] = 9;
  return ((uintptr_t)a % 64 == 0) + ((uintptr_t)b % 128 == 0) * 2 + ((uintptr_t)vla % 32 == 0) * 4 +
         a[99] + (int)b[0] + vla[0];
}

int main(void) {
  const unsigned char prog[] = {0, 1, 1, 2, 0, 1, 3};
  printf("interp %d\n", interp(prog));
  printf("offsets %d %d\n", interp_offsets(7), interp_offsets(2));
  printf("alias %d %d %d\n", aliased_table[5], sum_alias(3, 4), &aliased_table[0] == &table[0]);
  printf("init %ld %d %d %d %d\n", (long)(mid - buf), (int)span,
         addr_plus == (uintptr_t)&table[5], minus_one == (void *)(intptr_t)-1, table_end[-1]);
  for (int i = 0; i < 2; i++)
    printf("ops %s %d %ld\n", ops_table[i].name, ops_table[i].fn(i, 10), ops_table[i].off);
  tls_counter += 2;
  tls_zero += tls_counter;
  strcat(tls_name, "-x");
  printf("tls %d %ld %s\n", tls_counter, tls_zero, tls_name);
  printf("weak %d %d hidden %d\n", maybe_missing ? maybe_missing(1) : -1, overridable(),
         hidden_twice(21));
  printf("aligned %d\n", aligned_locals(10));
  return 0;
}
