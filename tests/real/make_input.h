/* The input the compression drivers (zlib, LZ4, zstd, xz) compress: `n`
 * bytes of words from a small vocabulary, with a random byte now and then
 * (one draw in 16), from a linear congruential generator seeded with
 * `seed`, so every build of a driver compresses the same bytes. */
#ifndef PEBBLE_MAKE_INPUT_H
#define PEBBLE_MAKE_INPUT_H

#include <stdlib.h>

static unsigned char *make_input(size_t n, unsigned seed) {
    static const char *words[] = {"alpha ", "beta ", "gamma ", "delta ", "epsilon\n", "zeta ",
                                  "eta ", "theta ", "iota ", "kappa, "};
    unsigned char *p = malloc(n);
    size_t i = 0;
    while (i < n) {
        seed = seed * 1664525u + 1013904223u;
        if ((seed >> 28) == 0) {
            p[i++] = (unsigned char)(seed >> 8);
            continue;
        }
        const char *w = words[(seed >> 16) % 10];
        while (*w && i < n)
            p[i++] = (unsigned char)*w++;
    }
    return p;
}

#endif
