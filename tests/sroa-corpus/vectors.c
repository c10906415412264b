/* Vector promotion: small float structs travel as <2 x float> (x86-64
   SysV), vector-extension types are read and written through unions of
   arrays, and memset/memcpy pieces land on whole elements. */
#include <stdio.h>
#include <string.h>

typedef float v4f __attribute__((vector_size(16)));
typedef int v4i __attribute__((vector_size(16)));
typedef long long v2l __attribute__((vector_size(16)));

struct pair { float x, y; };
struct quad { float a, b, c, d; };
union lanes { v4f v; float f[4]; struct pair p[2]; };
union ilanes { v4i v; int i[4]; long long l[2]; v2l w; };

static struct pair mk(float x, float y) { struct pair p = {x, y}; return p; }
static struct pair add(struct pair a, struct pair b) {
  struct pair r = {a.x + b.x, a.y + b.y};
  return r;
}
static struct quad scale(struct quad q, float k) {
  q.a *= k; q.b *= k; q.c *= k; q.d *= k;
  return q;
}
static float hsum(v4f v) {
  union lanes u;
  u.v = v;
  return u.f[0] + u.f[1] + u.f[2] + u.f[3];
}
static v4f set_lane(v4f v, int which, float x) {
  union lanes u;
  u.v = v;
  if (which == 1) u.f[1] = x; else u.f[3] = x;
  return u.v;
}
static v4f put_pair(v4f v, struct pair p) {
  union lanes u;
  u.v = v;
  u.p[1] = p;          /* a two-element piece */
  return u.v;
}
static struct pair get_pair(v4f v) {
  union lanes u;
  u.v = v;
  return u.p[1];
}
static long long mix(v4i v) {
  union ilanes u;
  u.v = v;
  return u.l[0] ^ (u.l[1] >> 3);
}
static v4i clear_hi(v4i v) {
  union ilanes u;
  u.v = v;
  memset(&u.i[2], 0, 8);
  return u.v;
}
static v4i from_ints(int a, int b) {
  union ilanes u;
  memset(&u, 0xff, sizeof u);
  u.i[0] = a;
  u.i[2] = b;
  return u.v;
}
static _Complex float cmul(_Complex float a, _Complex float b) { return a * b; }

int main(int argc, char **argv) {
  (void)argv;
  struct pair s = add(mk(1.5f, argc), mk(0.25f, 2.0f));
  struct quad q = scale((struct quad){1, 2, 3, argc}, 0.5f);
  v4f v = {1.0f, 2.0f, 3.0f, 4.0f};
  v = set_lane(v, argc, 10.0f);
  v = put_pair(v, s);
  struct pair back = get_pair(v);
  v4i w = {1, -2, 3, -4};
  w = clear_hi(w);
  v4i z = from_ints(argc, 7);
  _Complex float c = cmul(1.0f + 2.0f * __builtin_complex(0.0f, 1.0f), argc);
  printf("%.2f %.2f | %.2f %.2f %.2f %.2f | %.2f | %.2f %.2f | %lld %d %d %d %d | %.2f %.2f\n",
         s.x, s.y, q.a, q.b, q.c, q.d, hsum(v), back.x, back.y, mix(w),
         z[0], z[1], z[2], z[3], __real__ c, __imag__ c);
  return 0;
}
