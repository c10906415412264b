/* Nested structs, arrays of structs with constant indices, bit-fields,
   and a struct whose address goes to another local (promotion exposes it). */
#include <stdio.h>

struct point { int x, y; };
struct rect { struct point lo, hi; };
struct shape { int kind; struct rect box; struct point pts[2]; };
struct flags { unsigned a : 3; unsigned b : 5; unsigned c : 12; };

static int area(struct rect r) { return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y); }

int main(void) {
  struct shape s = {1, {{0, 0}, {4, 3}}, {{1, 2}, {3, 4}}};
  s.box.hi.x += s.pts[1].x;
  struct rect r = s.box;
  r.lo.y = -1;
  struct shape t = s;
  t.pts[0] = t.pts[1];
  struct flags f = {5, 17, 1000};
  f.b += 3;
  struct point p = {10, 20};
  struct point *pp = &p;
  pp->y += 1;
  printf("%d %d %d %d %u %u %u %d\n", area(s.box), area(r), t.pts[0].x,
         t.kind, f.a, f.b, f.c, p.y);
  return area(r) & 0x7f;
}
