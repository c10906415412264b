/* Struct copies through memcpy: whole-struct assignment, copies from
   constant initialisers, struct arguments and return values (coerced to
   integers by the x86-64 ABI), and a struct that escapes. */
#include <stdio.h>
#include <string.h>

struct pair { int a, b; };
struct triple { int a, b, c; };
struct mixed { char c; short s; int i; long l; double d; };

static struct pair make_pair(int a, int b) { struct pair p = {a, b}; return p; }
static int sum_pair(struct pair p) { return p.a + p.b; }
static struct triple rotate(struct triple t) { struct triple r = {t.b, t.c, t.a}; return r; }

int fibp(int n) {
  struct pair p = {0, 1};
  for (int i = 0; i < n; i++) {
    struct pair q = {p.b, p.a + p.b};
    p = q;
  }
  return p.a;
}

static void touch(struct pair *p) { p->a ^= 0x55; }

int main(void) {
  struct pair x = make_pair(3, 4), y;
  y = x;
  y.b += sum_pair(x);
  struct triple t = {1, 2, 3};
  for (int i = 0; i < 5; i++) t = rotate(t);
  struct mixed m = {'a', 2, 3, 4L, 5.5}, n;
  n = m;
  n.d *= 2;
  n.c++;
  memcpy(&m, &n, sizeof m);
  struct pair esc = {7, 8};
  touch(&esc);
  printf("%d %d %d %d %d %d\n", y.a, y.b, t.a, t.b, t.c, fibp(20));
  printf("%c %d %d %ld %.2f %d %d\n", m.c, m.s, m.i, m.l, m.d, esc.a, esc.b);
  return (y.a + t.c) & 0x7f;
}
