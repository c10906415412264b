/* lz4 driver for scripts/backend-test --real and scripts/difftest-real:
 * compresses generated text and noise with LZ4's fast, HC and frame
 * compressors at several levels, decompresses each, checks the round trip
 * and prints sizes and checksums (XXH32 from lz4's own xxhash.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lz4.h"
#include "lz4hc.h"
#include "lz4frame.h"
#include "xxhash.h"
#include "make_input.h"

static int report(const char *what, int level, const unsigned char *in, int n,
                  const unsigned char *z, int zn, const unsigned char *back, int bn) {
    int same = bn == n && memcmp(in, back, (size_t)n) == 0;
    printf("%s level %d: %d -> %d xxh32 %08x %s\n", what, level, n, zn,
           zn > 0 ? XXH32(z, (size_t)zn, 0) : 0u, same ? "ok" : "MISMATCH");
    return !same;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 400000;
    unsigned char *in = make_input((size_t)n, 7);
    int bound = LZ4_compressBound(n);
    LZ4F_preferences_t prefs;
    memset(&prefs, 0, sizeof prefs);
    prefs.frameInfo.contentChecksumFlag = LZ4F_contentChecksumEnabled;
    prefs.frameInfo.blockChecksumFlag = LZ4F_blockChecksumEnabled;
    size_t frame_bound = LZ4F_compressFrameBound((size_t)n, &prefs);
    unsigned char *z = malloc(frame_bound > (size_t)bound ? frame_bound : (size_t)bound);
    unsigned char *back = malloc((size_t)n);
    int status = 0;
    for (int accel = 1; accel <= 9; accel += 4) {
        int zn = LZ4_compress_fast((const char *)in, (char *)z, n, bound, accel);
        int bn = LZ4_decompress_safe((const char *)z, (char *)back, zn, n);
        status |= report("fast", accel, in, n, z, zn, back, bn);
    }
    for (int level = 3; level <= 12; level += 3) {
        int zn = LZ4_compress_HC((const char *)in, (char *)z, n, bound, level);
        int bn = LZ4_decompress_safe((const char *)z, (char *)back, zn, n);
        status |= report("hc", level, in, n, z, zn, back, bn);
    }
    for (int level = 0; level <= 9; level += 9) {
        prefs.compressionLevel = level;
        size_t zn = LZ4F_compressFrame(z, frame_bound, in, (size_t)n, &prefs);
        LZ4F_dctx *dctx;
        LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION);
        size_t bn = (size_t)n, consumed = zn;
        size_t r = LZ4F_isError(zn) ? zn : LZ4F_decompress(dctx, back, &bn, z, &consumed, NULL);
        LZ4F_freeDecompressionContext(dctx);
        int ok = !LZ4F_isError(zn) && !LZ4F_isError(r);
        status |= report("frame", level, in, n, z, ok ? (int)zn : -1, back, ok ? (int)bn : -1);
    }
    printf("input xxh32 %08x\n", XXH32(in, (size_t)n, 0));
    return status;
}
