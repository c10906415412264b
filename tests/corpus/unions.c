// Exercises unions (type punning between integer views) and tagged unions dispatched by switch.
#include <stdio.h>
#include <stdint.h>

union word {
  uint32_t u;
  uint16_t h[2];
  uint8_t b[4];
};

enum kind { K_INT, K_DBL, K_PAIR };
struct value {
  enum kind kind;
  union {
    long i;
    double d;
    struct { int a, b; } pair;
  } as;
};

static double to_double(struct value v) {
  switch (v.kind) {
  case K_INT: return (double)v.as.i;
  case K_DBL: return v.as.d;
  case K_PAIR: return (double)v.as.pair.a / (double)v.as.pair.b;
  }
  return -1.0;
}

int main(void) {
  union word w;
  w.u = 0x11223344u;
  unsigned sum = 0;
  for (int i = 0; i < 4; i++)
    sum += w.b[i];
  printf("byte sum = %u, halves sum = %u\n", sum, (unsigned)w.h[0] + w.h[1]);
  w.b[0] = 0xff;
  printf("after byte write: %08x\n", w.u & 0xffu);
  struct value vs[3];
  vs[0].kind = K_INT; vs[0].as.i = 42;
  vs[1].kind = K_DBL; vs[1].as.d = 2.5;
  vs[2].kind = K_PAIR; vs[2].as.pair.a = 7; vs[2].as.pair.b = 4;
  double total = 0;
  for (int i = 0; i < 3; i++) {
    double d = to_double(vs[i]);
    printf("value %d = %.6f\n", i, d);
    total += d;
  }
  printf("total = %.6f\n", total);
  return 0;
}
