/* bzip2 driver for scripts/backend-test --real: compresses and
 * decompresses generated data at several block sizes, checking the round
 * trip and printing sizes and a checksum of the compressed stream. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bzlib.h"

/* Called by the library on an internal inconsistency (BZ_NO_STDIO). */
void bz_internal_error(int errcode) {
    printf("bz_internal_error %d\n", errcode);
    exit(3);
}

static unsigned checksum(const char *p, unsigned n) {
    unsigned h = 2166136261u;
    for (unsigned i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h;
}

int main(int argc, char **argv) {
    unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 300000;
    char *in = malloc(n);
    unsigned seed = 99;
    for (unsigned i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        in[i] = (seed >> 24) % 3 ? "abcabdabeabf\n"[(i / 3 + (seed >> 20) % 2) % 13]
                                 : (char)(seed >> 16);
    }
    unsigned zcap = n + n / 100 + 601;
    char *z = malloc(zcap), *back = malloc(n);
    int status = 0;
    for (int block = 1; block <= 9; block += 4) {
        unsigned zn = zcap, bn = n;
        int r1 = BZ2_bzBuffToBuffCompress(z, &zn, in, n, block, 0, 30);
        int r2 = BZ2_bzBuffToBuffDecompress(back, &bn, z, zn, 0, 0);
        int same = r1 == BZ_OK && r2 == BZ_OK && bn == n && memcmp(in, back, n) == 0;
        status |= !same;
        printf("block %d: %u -> %u hash %08x %s\n", block, n, zn, checksum(z, zn),
               same ? "ok" : "MISMATCH");
    }
    return status;
}
