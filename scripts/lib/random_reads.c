/* random_reads: this machine's cost of independent random 8-byte reads
 * over arrays of 1 to 64 MiB, in nanoseconds per read (used by
 * scripts/bench-sccp --memory). The reads do not depend on each other, so
 * the processor overlaps their misses as a solver's visits can: what is
 * measured is the cache and TLB hierarchy's throughput at each size, the
 * steps where a growing working set falls out of a level. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
  const size_t reads = 20000000;
  for (size_t mib = 1; mib <= 64; mib *= 2) {
    size_t words = mib << 17;
    uint64_t *a = malloc(words * sizeof *a);
    if (!a) {
      perror("malloc");
      return 1;
    }
    for (size_t i = 0; i < words; i++)
      a[i] = i * 2654435761u; /* touch every page before timing */
    uint64_t x = 88172645463325252ull, sum = 0;
    double start = seconds();
    for (size_t r = 0; r < reads; r++) {
      x ^= x << 13; /* xorshift64: addresses no prefetcher predicts */
      x ^= x >> 7;
      x ^= x << 17;
      sum += a[x % words];
    }
    double ns = (seconds() - start) * 1e9 / reads;
    printf("%zu %.2f %llu\n", mib, ns, (unsigned long long)(sum & 1));
    free(a);
  }
  return 0;
}
