/* brotli driver for scripts/backend-test --real and scripts/difftest-real:
 * compresses generated text and noise with brotli's one-shot encoder at
 * several qualities (the fast one- and two-pass compressors, the quick and
 * chained hashers and, on a slice of the input, the Zopfli-style qualities
 * 10 and 11), window sizes and modes, and with the streaming encoder (small
 * pieces, a flush, a metadata block, a custom dictionary); decompresses each
 * with the one-shot decoder and with the streaming decoder in small buffers,
 * checks the round trip and prints sizes and checksums (FNV-1a, our own). A
 * truncated stream must leave the decoder asking for more input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <brotli/encode.h>
#include <brotli/decode.h>
#include "make_input.h"

static uint32_t fnv1a(const uint8_t *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static const char *mode_name(BrotliEncoderMode mode) {
    return mode == BROTLI_MODE_TEXT ? "text" : mode == BROTLI_MODE_FONT ? "font" : "generic";
}

/* Decodes z[0..zn) with the streaming decoder, feeding `in_step` bytes at a
 * time into an `out_step`-byte buffer (and the dictionary first, if any);
 * returns the result and stores the decoded length in *bn. */
static BrotliDecoderResult stream_decode(const uint8_t *z, size_t zn, uint8_t *back, size_t cap,
                                         size_t *bn, size_t in_step, size_t out_step,
                                         const uint8_t *dict, size_t dict_n) {
    BrotliDecoderState *s = BrotliDecoderCreateInstance(NULL, NULL, NULL);
    if (dict)
        BrotliDecoderSetCustomDictionary(s, dict_n, dict);
    uint8_t *buf = malloc(out_step);
    size_t pos = 0, got = 0;
    BrotliDecoderResult r = BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT;
    while (r != BROTLI_DECODER_RESULT_SUCCESS && r != BROTLI_DECODER_RESULT_ERROR) {
        if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT && pos == zn)
            break;
        size_t avail_in = zn - pos < in_step ? zn - pos : in_step;
        const uint8_t *next_in = z + pos;
        size_t avail_out = out_step;
        uint8_t *next_out = buf;
        r = BrotliDecoderDecompressStream(s, &avail_in, &next_in, &avail_out, &next_out, NULL);
        pos = (size_t)(next_in - z);
        size_t produced = out_step - avail_out;
        if (got + produced > cap) {
            r = BROTLI_DECODER_RESULT_ERROR;
            break;
        }
        memcpy(back + got, buf, produced);
        got += produced;
    }
    if (r == BROTLI_DECODER_RESULT_ERROR)
        printf("  decoder error: %s\n", BrotliDecoderErrorString(BrotliDecoderGetErrorCode(s)));
    free(buf);
    BrotliDecoderDestroyInstance(s);
    *bn = got;
    return r;
}

/* Decodes z both ways, prints one line and returns nonzero on mismatch. */
static int check(const char *what, const uint8_t *in, size_t n, const uint8_t *z, size_t zn,
                 int encoded, uint8_t *back, const uint8_t *dict, size_t dict_n) {
    int one_ok = 0, stream_ok = 0;
    if (encoded && !dict) {
        memset(back, 0, n);
        size_t bn = n;
        BrotliDecoderResult r = BrotliDecoderDecompress(zn, z, &bn, back);
        one_ok = r == BROTLI_DECODER_RESULT_SUCCESS && bn == n && memcmp(in, back, n) == 0;
    }
    if (encoded) {
        memset(back, 0, n);
        size_t bn = 0;
        BrotliDecoderResult r = stream_decode(z, zn, back, n, &bn, 97, 509, dict, dict_n);
        stream_ok = r == BROTLI_DECODER_RESULT_SUCCESS && bn == n && memcmp(in, back, n) == 0;
    }
    int same = dict ? stream_ok : one_ok && stream_ok;
    printf("%s: %zu -> %zu fnv %08x one-shot %s stream %s\n", what, n, encoded ? zn : 0,
           encoded ? fnv1a(z, zn) : 0u, dict ? "-" : one_ok ? "ok" : "MISMATCH",
           stream_ok ? "ok" : "MISMATCH");
    return !same;
}

static int one_shot(int quality, int lgwin, BrotliEncoderMode mode, const uint8_t *in, size_t n,
                    uint8_t *z, size_t bound, uint8_t *back) {
    size_t zn = bound;
    int encoded = BrotliEncoderCompress(quality, lgwin, mode, n, in, &zn, z);
    char what[64];
    snprintf(what, sizeof what, "quality %d lgwin %d %s", quality, lgwin, mode_name(mode));
    return check(what, in, n, z, zn, encoded, back, NULL, 0);
}

/* The streaming encoder, given `step` bytes at a time and writing through a
 * `out_step`-byte buffer (or BrotliEncoderTakeOutput if 0), with a flush
 * halfway and, if asked, a metadata block first (with an output buffer: in
 * the TakeOutput workflow the encoder leaves the metadata state only on a
 * further call); returns the stream size or 0 on failure. */
static size_t stream_encode(BrotliEncoderState *s, const uint8_t *in, size_t n, uint8_t *z,
                            size_t cap, size_t step, size_t out_step, int metadata) {
    uint8_t *buf = malloc(out_step ? out_step : 1);
    size_t zn = 0, pos = 0;
    int flushed = 0, ok = 1;
    static const uint8_t meta[] = "pebble brotli driver";
    int phase = metadata ? 0 : 1; /* 0: metadata, 1: data, 2: finish */
    while (ok) {
        BrotliEncoderOperation op;
        const uint8_t *next_in;
        size_t avail_in;
        if (phase == 0) {
            op = BROTLI_OPERATION_EMIT_METADATA;
            next_in = meta;
            avail_in = sizeof meta - 1;
        } else {
            avail_in = n - pos < step ? n - pos : step;
            next_in = in + pos;
            op = pos + avail_in == n ? BROTLI_OPERATION_FINISH : BROTLI_OPERATION_PROCESS;
            if (!flushed && pos >= n / 2 && op == BROTLI_OPERATION_PROCESS) {
                op = BROTLI_OPERATION_FLUSH;
                flushed = 1;
            }
        }
        const uint8_t *start = next_in;
        for (;;) {
            size_t avail_out = out_step;
            uint8_t *next_out = buf;
            if (!BrotliEncoderCompressStream(s, op, &avail_in, &next_in, &avail_out,
                                             out_step ? &next_out : NULL, NULL)) {
                ok = 0;
                break;
            }
            size_t produced = out_step - avail_out;
            const uint8_t *src = buf;
            if (!out_step)
                src = BrotliEncoderTakeOutput(s, &produced);
            if (zn + produced > cap) {
                ok = 0;
                break;
            }
            memcpy(z + zn, src, produced);
            zn += produced;
            if (avail_in == 0 && !BrotliEncoderHasMoreOutput(s) &&
                (op != BROTLI_OPERATION_FINISH || BrotliEncoderIsFinished(s)))
                break;
        }
        if (phase == 0) {
            phase = 1;
            continue;
        }
        pos += (size_t)(next_in - start);
        if (pos == n)
            break;
    }
    free(buf);
    return ok ? zn : 0;
}

static int streaming(const char *what, int quality, int lgwin, int lgblock,
                     BrotliEncoderMode mode, int no_context, size_t step, size_t out_step,
                     int metadata, const uint8_t *dict, size_t dict_n, const uint8_t *in,
                     size_t n, uint8_t *z, size_t cap, uint8_t *back) {
    BrotliEncoderState *s = BrotliEncoderCreateInstance(NULL, NULL, NULL);
    BrotliEncoderSetParameter(s, BROTLI_PARAM_QUALITY, (uint32_t)quality);
    BrotliEncoderSetParameter(s, BROTLI_PARAM_LGWIN, (uint32_t)lgwin);
    BrotliEncoderSetParameter(s, BROTLI_PARAM_MODE, (uint32_t)mode);
    if (lgblock)
        BrotliEncoderSetParameter(s, BROTLI_PARAM_LGBLOCK, (uint32_t)lgblock);
    if (no_context)
        BrotliEncoderSetParameter(s, BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING, 1);
    BrotliEncoderSetParameter(s, BROTLI_PARAM_SIZE_HINT, (uint32_t)n);
    if (dict)
        BrotliEncoderSetCustomDictionary(s, dict_n, dict);
    size_t zn = stream_encode(s, in, n, z, cap, step, out_step, metadata);
    BrotliEncoderDestroyInstance(s);
    char label[96];
    snprintf(label, sizeof label, "%s quality %d lgwin %d %s", what, quality, lgwin,
             mode_name(mode));
    return check(label, in, n, z, zn, zn != 0, back, dict, dict_n);
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    uint8_t *in = make_input(n, 7);
    size_t bound = BrotliEncoderMaxCompressedSize(n) + 4096;
    uint8_t *z = malloc(bound), *back = malloc(n + 1);
    int status = 0;

    static const struct { int quality, lgwin; BrotliEncoderMode mode; } configs[] = {
        {0, 22, BROTLI_MODE_GENERIC}, {1, 22, BROTLI_MODE_GENERIC}, {1, 18, BROTLI_MODE_TEXT},
        {2, 22, BROTLI_MODE_GENERIC}, {3, 16, BROTLI_MODE_TEXT},    {4, 22, BROTLI_MODE_GENERIC},
        {4, 18, BROTLI_MODE_TEXT},    {5, 22, BROTLI_MODE_GENERIC}, {5, 16, BROTLI_MODE_TEXT},
        {7, 20, BROTLI_MODE_FONT},    {9, 22, BROTLI_MODE_TEXT},    {9, 10, BROTLI_MODE_GENERIC},
    };
    for (size_t k = 0; k < sizeof configs / sizeof *configs; k++)
        status |= one_shot(configs[k].quality, configs[k].lgwin, configs[k].mode, in, n, z, bound,
                           back);

    /* Qualities 10 and 11 (the Zopfli-style cost model) on a slice. */
    size_t slice = n / 16;
    status |= one_shot(10, 22, BROTLI_MODE_TEXT, in, slice, z, bound, back);
    status |= one_shot(11, 18, BROTLI_MODE_GENERIC, in + slice, slice, z, bound, back);

    status |= streaming("stream", 1, 20, 0, BROTLI_MODE_GENERIC, 0, 3001, 512, 0, NULL, 0, in, n,
                        z, bound, back);
    status |= streaming("stream+meta", 6, 18, 16, BROTLI_MODE_TEXT, 0, 4096, 777, 1, NULL, 0, in,
                        n, z, bound, back);
    status |= streaming("stream nocontext", 9, 20, 17, BROTLI_MODE_GENERIC, 1, 65536, 1000, 0,
                        NULL, 0, in, n, z, bound, back);
    uint8_t *dict = make_input(8192, 11);
    status |= streaming("stream+dict", 5, 16, 0, BROTLI_MODE_TEXT, 0, 20000, 0, 0, dict, 8192,
                        in, n, z, bound, back);
    free(dict);

    /* A truncated stream: the decoder must want more input. */
    size_t zn = bound;
    BrotliEncoderCompress(5, 22, BROTLI_MODE_GENERIC, n, in, &zn, z);
    size_t bn = 0;
    BrotliDecoderResult r = stream_decode(z, zn / 2, back, n, &bn, 1024, 4096, NULL, 0);
    int wants_more = r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT;
    int prefix = bn <= n && memcmp(in, back, bn) == 0;
    status |= !wants_more || !prefix;
    printf("truncated: %zu of %zu bytes -> %zu decoded, result %d %s\n", zn / 2, zn, bn, (int)r,
           wants_more && prefix ? "ok" : "MISMATCH");

    printf("input fnv %08x\n", fnv1a(in, n));
    free(in);
    free(z);
    free(back);
    return status;
}
