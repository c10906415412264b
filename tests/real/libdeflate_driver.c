/* libdeflate driver for scripts/backend-test --real: compresses generated
 * text and noise with libdeflate's raw deflate, zlib and gzip compressors
 * at several levels (0 stores, 1-9 greedy/lazy, 12 near-optimal),
 * decompresses each, checks the round trip and prints sizes and checksums
 * (libdeflate's own adler32 and crc32 of the compressed data). Then
 * feeds the decompressors truncated, corrupted and too-small-buffer cases
 * and prints their result codes. Exits 0 when every round trip matches
 * and every error case fails as expected. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libdeflate.h"
#include "make_input.h"

enum { RAW, ZLIB, GZIP };
static const char *format_names[] = {"deflate", "zlib", "gzip"};

static size_t compress(struct libdeflate_compressor *c, int format, const void *in, size_t n,
                       void *out, size_t avail) {
    switch (format) {
    case RAW: return libdeflate_deflate_compress(c, in, n, out, avail);
    case ZLIB: return libdeflate_zlib_compress(c, in, n, out, avail);
    default: return libdeflate_gzip_compress(c, in, n, out, avail);
    }
}

static size_t bound(struct libdeflate_compressor *c, int format, size_t n) {
    switch (format) {
    case RAW: return libdeflate_deflate_compress_bound(c, n);
    case ZLIB: return libdeflate_zlib_compress_bound(c, n);
    default: return libdeflate_gzip_compress_bound(c, n);
    }
}

/* Decompresses with the _ex entry point: `*in_used` gets the bytes
 * consumed, `*out_len` the bytes produced (when out_len is non-null). */
static int decompress(struct libdeflate_decompressor *d, int format, const void *z, size_t zn,
                      void *out, size_t avail, size_t *in_used, size_t *out_len) {
    switch (format) {
    case RAW: return libdeflate_deflate_decompress_ex(d, z, zn, out, avail, in_used, out_len);
    case ZLIB: return libdeflate_zlib_decompress_ex(d, z, zn, out, avail, in_used, out_len);
    default: return libdeflate_gzip_decompress_ex(d, z, zn, out, avail, in_used, out_len);
    }
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    unsigned char *in = make_input(n, 7);
    static const int levels[] = {0, 1, 3, 6, 9, 12};
    struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
    int status = 0;
    /* The level-6 stream of each format, kept for the error cases. */
    unsigned char *saved[3] = {0, 0, 0};
    size_t saved_n[3] = {0, 0, 0};

    for (int li = 0; li < (int)(sizeof levels / sizeof levels[0]); li++) {
        int level = levels[li];
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
        if (!c) {
            printf("level %d: alloc failed\n", level);
            status = 1;
            continue;
        }
        for (int format = RAW; format <= GZIP; format++) {
            size_t zb = bound(c, format, n);
            unsigned char *z = malloc(zb), *back = malloc(n + 1);
            size_t zn = compress(c, format, in, n, z, zb);
            size_t used = 0, got = 0;
            int r = decompress(d, format, z, zn, back, n + 1, &used, &got);
            int same = zn > 0 && r == LIBDEFLATE_SUCCESS && used == zn && got == n &&
                       memcmp(in, back, n) == 0;
            /* The same stream with the exact size known (no actual_out). */
            int exact = -1;
            if (format == RAW)
                exact = libdeflate_deflate_decompress(d, z, zn, back, n, NULL);
            else if (format == ZLIB)
                exact = libdeflate_zlib_decompress(d, z, zn, back, n, NULL);
            else
                exact = libdeflate_gzip_decompress(d, z, zn, back, n, NULL);
            same &= exact == LIBDEFLATE_SUCCESS && memcmp(in, back, n) == 0;
            /* Too small an output buffer makes the compressor give up. */
            size_t tight = zn > 0 ? compress(c, format, in, n, back, zn - 1) : 0;
            same &= tight == 0;
            status |= !same;
            printf("%s level %d: %lu -> %lu (bound %lu) adler %08x crc %08x %s\n",
                   format_names[format], level, (unsigned long)n, (unsigned long)zn,
                   (unsigned long)zb, (unsigned)libdeflate_adler32(1, z, zn),
                   (unsigned)libdeflate_crc32(0, z, zn), same ? "ok" : "MISMATCH");
            if (level == 6) {
                saved[format] = z;
                saved_n[format] = zn;
            } else {
                free(z);
            }
            free(back);
        }
        libdeflate_free_compressor(c);
    }

    /* Error paths of the decompressors, on the level-6 streams. */
    unsigned char *out = malloc(n + 64);
    for (int format = RAW; format <= GZIP; format++) {
        unsigned char *z = saved[format];
        size_t zn = saved_n[format];
        if (!z || zn < 16)
            continue;
        unsigned char *bad = malloc(zn);
        size_t got = 0, used = 0;
        /* Truncated to half: the stream ends before its last block. */
        int r_trunc = decompress(d, format, z, zn / 2, out, n + 64, &used, &got);
        /* A byte in the middle flipped. */
        memcpy(bad, z, zn);
        bad[zn / 2] ^= 0x5a;
        int r_flip = decompress(d, format, bad, zn, out, n + 64, NULL, &got);
        /* The last byte (gzip ISIZE, zlib adler32, deflate end of block) flipped. */
        memcpy(bad, z, zn);
        bad[zn - 1] ^= 0x01;
        int r_tail = decompress(d, format, bad, zn, out, n + 64, NULL, &got);
        /* The output buffer one byte short, and the exact size claimed too large. */
        int r_space = decompress(d, format, z, zn, out, n - 1, NULL, &got);
        int r_short = decompress(d, format, z, zn, out, n + 64, NULL, NULL);
        int expected = r_trunc != LIBDEFLATE_SUCCESS && r_space == LIBDEFLATE_INSUFFICIENT_SPACE &&
                       r_short == LIBDEFLATE_SHORT_OUTPUT &&
                       (format == RAW || r_tail == LIBDEFLATE_BAD_DATA);
        status |= !expected;
        printf("%s errors: truncated %d flipped %d tail %d space %d short %d %s\n",
               format_names[format], r_trunc, r_flip, r_tail, r_space, r_short,
               expected ? "ok" : "UNEXPECTED");
        free(bad);
        free(z);
    }
    /* Garbage that is no stream of any format. */
    for (int format = RAW; format <= GZIP; format++) {
        unsigned char junk[64];
        for (int i = 0; i < 64; i++)
            junk[i] = (unsigned char)(0xff - 3 * i);
        size_t got = 0;
        int r = decompress(d, format, junk, sizeof junk, out, n + 64, NULL, &got);
        printf("%s junk: %d\n", format_names[format], r);
    }
    /* Checksums of the input, whole and in uneven pieces (they must agree). */
    unsigned crc = 0, adler = 1;
    for (size_t off = 0, step = 1; off < n; off += step, step = step * 3 + 1) {
        size_t len = step < n - off ? step : n - off;
        crc = libdeflate_crc32(crc, in + off, len);
        adler = libdeflate_adler32(adler, in + off, len);
    }
    unsigned whole_crc = libdeflate_crc32(0, in, n), whole_adler = libdeflate_adler32(1, in, n);
    status |= crc != whole_crc || adler != whole_adler;
    printf("input crc %08x adler %08x %s\n", whole_crc, whole_adler,
           crc == whole_crc && adler == whole_adler ? "ok" : "MISMATCH");
    free(out);
    free(in);
    libdeflate_free_decompressor(d);
    return status;
}
