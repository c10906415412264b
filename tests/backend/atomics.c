/* <stdatomic.h> and the __atomic builtins at every width and order:
 * loads/stores with fences, every atomicrmw operation (AMOs, masked
 * i8/i16 words, LR/SC loops, FP compare-and-swap loops), cmpxchg strong
 * and weak with both result fields, and fences. Single-threaded: the
 * values must come out as the sequential semantics says. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdint.h>

static _Atomic int counter;
static _Atomic long long big;
static _Atomic unsigned char bytes[4];
static _Atomic short shorts[2];
static _Atomic float fl;
static _Atomic double db;

#define RMW_ALL(T, obj, order)                                   \
  do {                                                           \
    T r = 0;                                                     \
    r ^= atomic_fetch_add_explicit(&(obj), 5, order);            \
    r ^= atomic_fetch_sub_explicit(&(obj), 3, order) * 3;        \
    r ^= atomic_fetch_or_explicit(&(obj), 0x30, order) * 5;      \
    r ^= atomic_fetch_xor_explicit(&(obj), 0x11, order) * 7;     \
    r ^= atomic_fetch_and_explicit(&(obj), 0x7e, order) * 11;    \
    r ^= atomic_exchange_explicit(&(obj), (T)-7, order) * 13;    \
    printf(#T " " #order ": %lld now %lld\n", (long long)r,      \
           (long long)atomic_load_explicit(&(obj), memory_order_acquire));      \
  } while (0)

static void rmw_orders(void) {
  RMW_ALL(int, counter, memory_order_relaxed);
  RMW_ALL(int, counter, memory_order_acquire);
  RMW_ALL(int, counter, memory_order_release);
  RMW_ALL(int, counter, memory_order_acq_rel);
  RMW_ALL(int, counter, memory_order_seq_cst);
  RMW_ALL(long long, big, memory_order_seq_cst);
  for (int i = 0; i < 4; i++) {
    RMW_ALL(unsigned char, bytes[i], memory_order_seq_cst);
    RMW_ALL(unsigned char, bytes[i], memory_order_relaxed);
  }
  for (int i = 0; i < 2; i++) {
    RMW_ALL(short, shorts[i], memory_order_acq_rel);
  }
  printf("bytes %u %u %u %u shorts %d %d\n", bytes[0], bytes[1], bytes[2], bytes[3],
         shorts[0], shorts[1]);
}

/* min and max: clang's __atomic_fetch_max/min (atomicrmw max/min/umax/
 * umin); gcc has no such builtin, so its reference build computes the
 * same sequential result in plain C. */
#ifndef __clang__
#define FETCH_MINMAX(p, v, cmp)                   \
  ({                                              \
    __typeof__(*(p)) o_ = *(p), v_ = (v);         \
    *(p) = (v_ cmp o_) ? v_ : o_;                 \
    o_;                                           \
  })
#define __atomic_fetch_max(p, v, o) FETCH_MINMAX(p, v, >)
#define __atomic_fetch_min(p, v, o) FETCH_MINMAX(p, v, <)
#endif

/* nand, min and max through the __atomic builtins (no C11 spelling). */
static void builtins(void) {
  int i = 0x5a5a;
  short s[3] = {100, -100, 7};
  signed char c[5] = {-128, 127, 0, -1, 5};
  unsigned short us[2] = {65535, 3};
  long long l = -5;
  printf("nand %d -> %d\n", __atomic_fetch_nand(&i, 0xff0, __ATOMIC_SEQ_CST), i);
  printf("nand64 %lld -> %lld\n", __atomic_fetch_nand(&l, 12, __ATOMIC_RELAXED), l);
  for (int k = 0; k < 3; k++) {
    short m = __atomic_fetch_max(&s[k], 5, __ATOMIC_SEQ_CST);
    short n = __atomic_fetch_min(&s[k], -50, __ATOMIC_ACQUIRE);
    short a = __atomic_fetch_add(&s[k], 1000, __ATOMIC_RELEASE);
    short x = __atomic_fetch_nand(&s[k], 0x0ff0, __ATOMIC_RELAXED);
    printf("s[%d]: %d %d %d %d -> %d\n", k, m, n, a, x, s[k]);
  }
  for (int k = 0; k < 5; k++) {
    signed char m = __atomic_fetch_max(&c[k], 3, __ATOMIC_SEQ_CST);
    signed char n = __atomic_fetch_min(&c[k], -3, __ATOMIC_SEQ_CST);
    signed char x = __atomic_exchange_n(&c[k], (signed char)(k * 50), __ATOMIC_SEQ_CST);
    printf("c[%d]: %d %d %d -> %d\n", k, m, n, x, c[k]);
  }
  for (int k = 0; k < 2; k++) {
    unsigned short m = __atomic_fetch_max(&us[k], 4000, __ATOMIC_SEQ_CST);
    unsigned short n = __atomic_fetch_min(&us[k], 50, __ATOMIC_SEQ_CST);
    printf("us[%d]: %u %u -> %u\n", k, m, n, us[k]);
  }
  long long mx = __atomic_fetch_max(&l, 99, __ATOMIC_SEQ_CST);
  unsigned long long u = 5;
  unsigned long long um = __atomic_fetch_min(&u, 2, __ATOMIC_SEQ_CST);
  unsigned int ui = 0x80000000u;
  unsigned int uim = __atomic_fetch_max(&ui, 7, __ATOMIC_SEQ_CST);
  int si = -3;
  int sim = __atomic_fetch_max(&si, 7, __ATOMIC_SEQ_CST);
  printf("max64 %lld -> %lld, umin64 %llu -> %llu, umax32 %u -> %u, max32 %d -> %d\n", mx, l,
         um, u, uim, ui, sim, si);
}

static void cas(void) {
  int expected = 1;
  atomic_store(&counter, 1);
  _Bool ok = atomic_compare_exchange_strong(&counter, &expected, 42);
  printf("cas1 %d %d %d\n", ok, expected, atomic_load(&counter));
  ok = atomic_compare_exchange_strong(&counter, &expected, 43);
  printf("cas2 %d %d %d\n", ok, expected, atomic_load(&counter));
  long long e64 = 0;
  atomic_store_explicit(&big, -1, memory_order_release);
  while (!atomic_compare_exchange_weak(&big, &e64, e64 * 2 + 1))
    ;
  printf("cas64 %lld %lld\n", e64, atomic_load_explicit(&big, memory_order_acquire));
  for (int i = 0; i < 4; i++) {
    unsigned char eb = (unsigned char)(i * 3);
    _Bool b1 = atomic_compare_exchange_strong_explicit(&bytes[i], &eb, 200 + i,
                                                       memory_order_acq_rel,
                                                       memory_order_acquire);
    unsigned char eb2 = eb;
    _Bool b2 = atomic_compare_exchange_strong_explicit(&bytes[i], &eb2, 17,
                                                       memory_order_release,
                                                       memory_order_relaxed);
    printf("cas8[%d] %d %u %d %u now %u\n", i, b1, eb, b2, eb2, bytes[i]);
  }
  short es = -7;
  atomic_store(&shorts[1], -7);
  _Bool sok = atomic_compare_exchange_weak(&shorts[1], &es, -32768);
  printf("cas16 %d %d %d (%d)\n", sok, es, shorts[1], shorts[0]);
  void *pv = 0;
  static void *_Atomic slot;
  _Bool pok = atomic_compare_exchange_strong(&slot, &pv, (void *)&pv);
  printf("casptr %d %d\n", pok, slot == (void *)&pv);
}

static void floats(void) {
  atomic_store(&fl, 1.5f);
  atomic_store(&db, -2.25);
  float f = 0;
  double d = 0;
  for (int i = 0; i < 10; i++) {
    f += (fl += 0.25f); /* compound assignment on an _Atomic float */
    d += (db -= 0.5);
  }
  float x = atomic_exchange(&fl, 9.0f);
  printf("floats %g %g now %g %g xchg %g\n", f, d, atomic_load(&fl), atomic_load(&db), x);
}

static void fences(void) {
  int a = 0;
  atomic_thread_fence(memory_order_acquire);
  a++;
  atomic_thread_fence(memory_order_release);
  a++;
  atomic_thread_fence(memory_order_acq_rel);
  a++;
  atomic_thread_fence(memory_order_seq_cst);
  atomic_signal_fence(memory_order_seq_cst);
  printf("fences %d flag %d\n", a, atomic_flag_test_and_set(&(atomic_flag){0}));
}

int main(void) {
  rmw_orders();
  builtins();
  cas();
  floats();
  fences();
  return atomic_load(&counter) & 0x7f;
}
