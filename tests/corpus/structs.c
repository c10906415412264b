// Exercises structs passed and returned by value, arrays of structs and nested structs.
#include <stdio.h>

struct point { int x, y; };
struct rect { struct point lo, hi; };
struct big { long v[6]; char tag; };

static struct point add(struct point a, struct point b) {
  struct point r = {a.x + b.x, a.y + b.y};
  return r;
}

static struct rect bbox(const struct point *ps, int n) {
  struct rect r = {ps[0], ps[0]};
  for (int i = 1; i < n; i++) {
    if (ps[i].x < r.lo.x) r.lo.x = ps[i].x;
    if (ps[i].y < r.lo.y) r.lo.y = ps[i].y;
    if (ps[i].x > r.hi.x) r.hi.x = ps[i].x;
    if (ps[i].y > r.hi.y) r.hi.y = ps[i].y;
  }
  return r;
}

static long area(struct rect r) { return (long)(r.hi.x - r.lo.x) * (r.hi.y - r.lo.y); }

static struct big make_big(char tag) {
  struct big b;
  for (int i = 0; i < 6; i++)
    b.v[i] = (long)tag * (i + 1);
  b.tag = tag;
  return b;
}

static long sum_big(struct big b) {
  long s = 0;
  for (int i = 0; i < 6; i++)
    s += b.v[i];
  return s + b.tag;
}

int main(void) {
  struct point ps[8];
  struct point acc = {0, 0};
  for (int i = 0; i < 8; i++) {
    ps[i].x = (i * 37) % 11 - 5;
    ps[i].y = (i * 13) % 7 - 3;
    acc = add(acc, ps[i]);
  }
  struct rect r = bbox(ps, 8);
  printf("acc = (%d,%d)\n", acc.x, acc.y);
  printf("bbox = (%d,%d)-(%d,%d) area %ld\n", r.lo.x, r.lo.y, r.hi.x, r.hi.y, area(r));
  struct big b = make_big('q');
  printf("sum_big = %ld\n", sum_big(b));
  struct rect copy = r;
  copy.lo = add(copy.lo, copy.hi);
  printf("copy.lo = (%d,%d), r.lo = (%d,%d)\n", copy.lo.x, copy.lo.y, r.lo.x, r.lo.y);
  return 0;
}
