/* GNU inline asm as C libraries write it on RISC-V: register inputs and
 * outputs, early clobbers, read-write operands, matching operands,
 * immediates, memory operands, memory and register clobbers, and the
 * empty barrier `asm("")`. */
#include <stdio.h>

static long add3(long a, long b, long c) {
  long r;
  __asm__("add %0, %1, %2\n\tadd %0, %0, %3" : "=&r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

static unsigned rotl(unsigned x, int k) {
  __asm__("sllw t0, %0, %1\n\tli t1, 32\n\tsubw t1, t1, %1\n\tsrlw t1, %0, t1\n\tor %0, t0, t1"
          : "+r"(x)
          : "r"(k)
          : "t0", "t1");
  return x;
}

static int addi_imm(int x) {
  int r;
  __asm__("addiw %0, %1, %2" : "=r"(r) : "r"(x), "i"(42));
  return r;
}

static long matching(long x) {
  __asm__("slli %0, %0, 3" : "=r"(x) : "0"(x));
  return x;
}

static void store_mem(int *p, int v) { __asm__ volatile("sw %1, %0" : "=m"(*p) : "r"(v) : "memory"); }

static int load_mem(const int *p) {
  int r;
  __asm__("lw %0, %1" : "=r"(r) : "m"(*p));
  return r;
}

static void two_out(long x, long *lo, long *hi) {
  long a, b;
  __asm__("andi %0, %2, 255\n\tsrli %1, %2, 8" : "=&r"(a), "=&r"(b) : "r"(x));
  *lo = a;
  *hi = b;
}

static double fmadd(double a, double b, double c) {
  double r;
  __asm__("fmadd.d %0, %1, %2, %3" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  return r;
}

int main(void) {
  int cell = 0;
  long lo, hi;
  long keep = 123456789; /* live across the clobbering asm */
  printf("add3 %ld\n", add3(1, 20, 300));
  printf("rotl %08x %08x\n", rotl(0x80000001u, 1), rotl(0x12345678u, 8));
  printf("imm %d matching %ld\n", addi_imm(-50), matching(5));
  store_mem(&cell, 77);
  printf("mem %d %d\n", cell, load_mem(&cell));
  two_out(0x1234, &lo, &hi);
  printf("two %ld %ld keep %ld\n", lo, hi, keep + rotl(1, 3));
  printf("fmadd %g\n", fmadd(1.5, 2.0, 0.25));
  __asm__ volatile("" ::: "memory");
  __asm__(""); /* a barrier with no constraints at all (zstd) */
  return 0;
}
