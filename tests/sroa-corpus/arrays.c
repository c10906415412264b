/* Arrays of scalars: zero-initialised (memset), constant-initialised
   (memcpy from a constant global), constant indices (split), variable
   indices (must stay in memory), arrays inside structs. */
#include <stdio.h>

struct vec3 { float v[3]; };
struct holder { int n; int items[4]; };

static float dot(struct vec3 a, struct vec3 b) {
  return a.v[0] * b.v[0] + a.v[1] * b.v[1] + a.v[2] * b.v[2];
}

int main(int argc, char **argv) {
  (void)argv;
  int zeros[8] = {0};
  zeros[3] = 9;
  zeros[5] = zeros[3] * 2;
  int init[4] = {1, 2, 3, 4};
  int s = init[0] + init[1] * init[2] - init[3];
  int var[6] = {6, 5, 4, 3, 2, 1};
  int acc = 0;
  for (int i = 0; i < 6; i++) acc += var[i] * (i + argc);
  struct vec3 a = {{1.0f, 2.0f, 3.0f}}, b = {{0.5f, 0.25f, 2.0f}};
  struct holder h = {4, {10, 20, 30, 40}};
  h.items[2] += h.n;
  char buf[4] = "abc";
  buf[1] = 'X';
  printf("%d %d %d %d %.3f %d %s\n", zeros[3], zeros[5], s, acc, dot(a, b),
         h.items[2], buf);
  return (zeros[0] + s + acc) & 0x7f;
}
