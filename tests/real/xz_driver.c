/* xz (liblzma) driver for scripts/backend-test --real and
 * scripts/difftest-real: compresses generated text and noise into .xz
 * streams at several presets (with and without `extreme`, each integrity
 * check), as raw LZMA1 and LZMA2, and through the delta and x86 BCJ
 * filters, decompresses each, checks the round trip and prints sizes and
 * checksums (liblzma's own CRC32 and CRC64). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lzma.h"
#include "make_input.h"

static int report(const char *what, unsigned level, const unsigned char *in, size_t n,
                  const unsigned char *z, size_t zn, lzma_ret encoded, const unsigned char *back,
                  size_t bn, lzma_ret decoded) {
    int same = encoded == LZMA_OK && decoded == LZMA_OK && bn == n && memcmp(in, back, n) == 0;
    printf("%s %u: %zu -> %zu crc32 %08x crc64 %016llx %s\n", what, level, n,
           encoded == LZMA_OK ? zn : 0, encoded == LZMA_OK ? lzma_crc32(z, zn, 0) : 0u,
           encoded == LZMA_OK ? (unsigned long long)lzma_crc64(z, zn, 0) : 0ull,
           same ? "ok" : "MISMATCH");
    return !same;
}

/* Raw encoding and decoding through `filters` (LZMA_VLI_UNKNOWN ends it). */
static int raw_round_trip(const char *what, unsigned level, lzma_filter *filters,
                          const unsigned char *in, size_t n, unsigned char *z, size_t cap,
                          unsigned char *back) {
    size_t zn = 0, bn = 0, in_pos = 0;
    lzma_ret e = lzma_raw_buffer_encode(filters, NULL, in, n, z, &zn, cap);
    lzma_ret d = LZMA_PROG_ERROR;
    if (e == LZMA_OK)
        d = lzma_raw_buffer_decode(filters, NULL, z, &in_pos, zn, back, &bn, n);
    /* The raw LZMA1 decoder cannot know where the data ends. */
    if (d == LZMA_BUF_ERROR && bn == n)
        d = LZMA_OK;
    return report(what, level, in, n, z, zn, e, back, bn, d);
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    unsigned char *in = make_input(n, 7);
    size_t cap = lzma_stream_buffer_bound(n);
    unsigned char *z = malloc(cap), *back = malloc(n);
    int status = 0;
    static const struct { unsigned preset; lzma_check check; } easy[] = {
        {0, LZMA_CHECK_CRC32}, {1, LZMA_CHECK_CRC64}, {3, LZMA_CHECK_SHA256},
        {6, LZMA_CHECK_CRC64}, {2 | LZMA_PRESET_EXTREME, LZMA_CHECK_NONE},
    };
    for (size_t k = 0; k < sizeof easy / sizeof *easy; k++) {
        size_t zn = 0, bn = 0, in_pos = 0;
        uint64_t memlimit = UINT64_MAX;
        lzma_ret e = lzma_easy_buffer_encode(easy[k].preset, easy[k].check, NULL, in, n, z, &zn, cap);
        lzma_ret d = e == LZMA_OK ? lzma_stream_buffer_decode(&memlimit, 0, NULL, z, &in_pos, zn,
                                                               back, &bn, n)
                                  : LZMA_PROG_ERROR;
        const char *what = easy[k].preset & LZMA_PRESET_EXTREME ? "xz preset (extreme)" : "xz preset";
        status |= report(what, easy[k].preset & LZMA_PRESET_LEVEL_MASK, in, n, z, zn, e, back, bn, d);
    }
    lzma_options_lzma opt;
    for (unsigned level = 0; level <= 4; level += 4) {
        lzma_lzma_preset(&opt, level);
        lzma_filter lzma1[] = {{LZMA_FILTER_LZMA1, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
        status |= raw_round_trip("raw lzma1", level, lzma1, in, n, z, cap, back);
        lzma_filter lzma2[] = {{LZMA_FILTER_LZMA2, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
        status |= raw_round_trip("raw lzma2", level, lzma2, in, n, z, cap, back);
    }
    lzma_lzma_preset(&opt, 1);
    lzma_options_delta delta = {.type = LZMA_DELTA_TYPE_BYTE, .dist = 4};
    lzma_filter chain[] = {{LZMA_FILTER_DELTA, &delta}, {LZMA_FILTER_X86, NULL},
                           {LZMA_FILTER_LZMA2, &opt}, {LZMA_VLI_UNKNOWN, NULL}};
    status |= raw_round_trip("delta+x86+lzma2", 1, chain, in, n, z, cap, back);
    printf("input crc32 %08x crc64 %016llx\n", lzma_crc32(in, n, 0),
           (unsigned long long)lzma_crc64(in, n, 0));
    return status;
}
