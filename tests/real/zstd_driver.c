/* zstd driver for scripts/backend-test --real and scripts/difftest-real:
 * compresses generated text and noise at several levels (each of zstd's
 * strategies from fast to btultra), with the one-shot and the streaming
 * API, decompresses each, checks the round trip and prints sizes and
 * checksums (XXH64 from zstd's own xxhash). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define XXH_STATIC_LINKING_ONLY
#include "zstd.h"
#include "common/xxhash.h"
#include "make_input.h"

static int report(const char *what, int level, const unsigned char *in, size_t n,
                  const unsigned char *z, size_t zn, const unsigned char *back, size_t bn) {
    int failed = ZSTD_isError(zn) || ZSTD_isError(bn);
    int same = !failed && bn == n && memcmp(in, back, n) == 0;
    printf("%s level %d: %zu -> %zu xxh64 %016llx %s\n", what, level, n, failed ? 0 : zn,
           failed ? 0ull : (unsigned long long)XXH64(z, zn, 0), same ? "ok" : "MISMATCH");
    return !same;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 400000;
    unsigned char *in = make_input(n, 7);
    size_t bound = ZSTD_compressBound(n);
    unsigned char *z = malloc(bound), *back = malloc(n);
    int status = 0;
    static const int levels[] = {-5, 1, 3, 5, 7, 12, 16, 19};
    for (size_t k = 0; k < sizeof levels / sizeof *levels; k++) {
        size_t zn = ZSTD_compress(z, bound, in, n, levels[k]);
        size_t bn = ZSTD_isError(zn) ? zn : ZSTD_decompress(back, n, z, zn);
        status |= report("one-shot", levels[k], in, n, z, zn, back, bn);
    }
    /* Streaming, in 4 KiB pieces, with a checksum. */
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 4);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    ZSTD_outBuffer out = {z, bound, 0};
    size_t r = 0;
    for (size_t pos = 0; pos < n && !ZSTD_isError(r); pos += 4096) {
        size_t len = n - pos < 4096 ? n - pos : 4096;
        ZSTD_inBuffer piece = {in + pos, len, 0};
        ZSTD_EndDirective end = pos + len == n ? ZSTD_e_end : ZSTD_e_continue;
        do
            r = ZSTD_compressStream2(cctx, &out, &piece, end);
        while (!ZSTD_isError(r) && (piece.pos < piece.size || (end == ZSTD_e_end && r != 0)));
    }
    ZSTD_freeCCtx(cctx);
    ZSTD_DCtx *dctx = ZSTD_createDCtx();
    ZSTD_inBuffer zin = {z, out.pos, 0};
    ZSTD_outBuffer bout = {back, n, 0};
    size_t d = ZSTD_isError(r) ? r : ZSTD_decompressStream(dctx, &bout, &zin);
    ZSTD_freeDCtx(dctx);
    status |= report("stream", 4, in, n, z, ZSTD_isError(r) ? r : out.pos, back,
                     ZSTD_isError(d) ? d : bout.pos);
    printf("input xxh64 %016llx\n", (unsigned long long)XXH64(in, n, 0));
    return status;
}
