/* PCRE2 driver for scripts/backend-test --real and scripts/difftest-real:
 * compiles a set of patterns (backreferences, lookaround, atomic and
 * possessive groups, recursion, conditionals, named groups, Unicode
 * properties, and a few invalid patterns for the error path), matches each
 * over generated text with the backtracking matcher and some with the DFA
 * matcher, substitutes globally, and prints match counts and a checksum of
 * every match's offsets. The interpreter only: PCRE2's JIT is not built. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pcre2.h"
#include "make_input.h"

struct case_ {
    const char *pattern;
    uint32_t options;
    int utf_text; /* match over the UTF-8 text instead of the bytes */
    int dfa;      /* also run pcre2_dfa_match */
};

static const struct case_ cases[] = {
    {"alpha\\s+beta", 0, 0, 1},
    {"GAMMA|delta", PCRE2_CASELESS, 0, 1},
    {"\\b(\\w+) \\1\\b", 0, 0, 0},
    {"(?<=eta )theta", 0, 0, 0},
    {"kappa,(?! alpha)", 0, 0, 0},
    {"[aeiou]{2,}", 0, 0, 1},
    {"(\\w+)\\s(?:\\w+\\s){2}\\1", 0, 0, 0},
    {"(?>t+h)e", 0, 0, 0},
    {"e.*?n", 0, 0, 1},
    {"^zeta.*$", PCRE2_MULTILINE, 0, 1},
    {"(a|e)(?1)(?1)", 0, 0, 0},
    {"\\d+", 0, 0, 1},
    {"[^\\x20-\\x7e]+", 0, 0, 1},
    {"(?<w>[a-z]+)(?:, (?&w))+", 0, 0, 0},
    {"(?|(alpha)|(beta)) (\\w)", 0, 0, 0},
    {"t*+a", 0, 0, 0},
    {"(?(?=t)theta|iota)", 0, 0, 0},
    {"(\\((?:[^()]++|(?1))*\\))", 0, 0, 0},
    {"a(?#comment)l  p h a # extended", PCRE2_EXTENDED, 0, 0},
    {"(?:(?:alpha|beta|gamma) ){3,}", 0, 0, 1},
    {"\\p{Greek}+", PCRE2_UTF | PCRE2_UCP, 1, 1},
    {"\\p{Han}+", PCRE2_UTF, 1, 0},
    {"ÉTÉ", PCRE2_UTF | PCRE2_CASELESS, 1, 0},
    {"\\X", PCRE2_UTF, 1, 0},
    {"\\w+", PCRE2_UTF | PCRE2_UCP, 1, 1},
    {"[[:upper:]][[:lower:]]+", PCRE2_UTF | PCRE2_UCP, 1, 0},
    {"(unclosed", 0, 0, 0},
    {"a{2,1}", 0, 0, 0},
    {"(?<=a+)b", 0, 0, 0},
    {"\\p{NoSuchScript}", PCRE2_UTF, 0, 0},
};

static uint64_t fnv(uint64_t h, uint64_t v) {
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 1099511628211ull;
    }
    return h;
}

/* `n` bytes of valid UTF-8: ASCII words, accented Latin, Greek, Han and a
 * letter followed by a combining accent, from the same generator as
 * make_input. */
static unsigned char *make_utf8(size_t n, unsigned seed) {
    static const char *words[] = {"alpha ", "été ", "ÉTÉ ", "λόγος ", "Ωmega ", "日本語 ",
                                  "e\xcc\x81t\xcc\x81 ", "Zeta\n", "naïve ", "straße "};
    unsigned char *p = malloc(n);
    size_t i = 0;
    for (;;) {
        seed = seed * 1664525u + 1013904223u;
        const char *w = words[(seed >> 16) % 10];
        size_t len = strlen(w);
        if (i + len > n)
            break;
        memcpy(p + i, w, len);
        i += len;
    }
    while (i < n)
        p[i++] = ' ';
    return p;
}

/* Every match of `re` in the subject, scanning left to right; an empty
 * match moves on by one code unit (a whole character in UTF mode). */
static void match_all(const pcre2_code *re, const unsigned char *s, size_t n, int utf,
                      long *count, uint64_t *h) {
    pcre2_match_data *md = pcre2_match_data_create_from_pattern(re, NULL);
    size_t at = 0;
    while (at <= n) {
        /* The first call checks that the subject is valid UTF-8; checking
         * it again at every start would make the scan quadratic. */
        int rc = pcre2_match(re, s, n, at, at ? PCRE2_NO_UTF_CHECK : 0, md, NULL);
        if (rc < 0) {
            if (rc != PCRE2_ERROR_NOMATCH)
                *h = fnv(*h, (uint64_t)(int64_t)rc);
            break;
        }
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        for (int g = 0; g < rc; g++)
            *h = fnv(fnv(*h, ov[2 * g]), ov[2 * g + 1]);
        ++*count;
        if (ov[1] > at) {
            at = ov[1];
        } else {
            at++;
            while (utf && at < n && (s[at] & 0xc0) == 0x80)
                at++;
        }
    }
    pcre2_match_data_free(md);
}

/* Every match of the DFA matcher, which reports the longest match at the
 * first place one starts, scanning left to right. */
static void dfa_all(const pcre2_code *re, const unsigned char *s, size_t n, long *count,
                    uint64_t *h) {
    pcre2_match_data *md = pcre2_match_data_create(64, NULL);
    int workspace[400];
    size_t at = 0;
    while (at < n) {
        int rc = pcre2_dfa_match(re, s, n, at, at ? PCRE2_NO_UTF_CHECK : 0, md, NULL, workspace,
                                 400);
        if (rc < 0) {
            if (rc != PCRE2_ERROR_NOMATCH)
                *h = fnv(*h, (uint64_t)(int64_t)rc);
            break;
        }
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
        *h = fnv(fnv(fnv(*h, ov[0]), ov[1]), (uint64_t)rc);
        ++*count;
        at = ov[1] > at ? ov[1] : at + 1;
    }
    pcre2_match_data_free(md);
}

static uint64_t substitute(const unsigned char *s, size_t n) {
    int err;
    PCRE2_SIZE erroff;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR) "(\\w+) (\\w+)", PCRE2_ZERO_TERMINATED, 0, &err,
                                   &erroff, NULL);
    size_t cap = 2 * n + 64;
    PCRE2_UCHAR *out = malloc(cap);
    PCRE2_SIZE outlen = cap;
    int rc = pcre2_substitute(re, s, n, 0, PCRE2_SUBSTITUTE_GLOBAL | PCRE2_SUBSTITUTE_EXTENDED,
                              NULL, NULL, (PCRE2_SPTR) "${2:+<$2>:-}:$1", PCRE2_ZERO_TERMINATED,
                              out, &outlen);
    uint64_t h = fnv(14695981039346656037ull, (uint64_t)(int64_t)rc);
    for (PCRE2_SIZE i = 0; rc >= 0 && i < outlen; i++)
        h = fnv(h, out[i]);
    printf("substitute: %d replacements, %zu bytes, hash %016llx\n", rc, (size_t)outlen,
           (unsigned long long)h);
    free(out);
    pcre2_code_free(re);
    return h;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    unsigned char *bytes = make_input(n, 11);
    unsigned char *utf = make_utf8(n, 13);
    uint64_t total = 14695981039346656037ull;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int err;
        PCRE2_SIZE erroff;
        pcre2_code *re = pcre2_compile((PCRE2_SPTR)cases[c].pattern, PCRE2_ZERO_TERMINATED,
                                       cases[c].options, &err, &erroff, NULL);
        if (!re) {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(err, msg, sizeof msg);
            printf("%-32s error %d at %zu: %s\n", cases[c].pattern, err, (size_t)erroff, msg);
            total = fnv(total, (uint64_t)err);
            continue;
        }
        uint32_t groups = 0;
        pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, &groups);
        const unsigned char *s = cases[c].utf_text ? utf : bytes;
        long count = 0, dfa_count = 0;
        uint64_t h = 14695981039346656037ull;
        match_all(re, s, n, cases[c].utf_text, &count, &h);
        if (cases[c].dfa)
            dfa_all(re, s, n, &dfa_count, &h);
        printf("%-32s groups %u matches %ld dfa %ld hash %016llx\n", cases[c].pattern, groups,
               count, dfa_count, (unsigned long long)h);
        total = fnv(total, h);
        pcre2_code_free(re);
    }
    total = fnv(total, substitute(bytes, n < 20000 ? n : 20000));
    printf("total %016llx\n", (unsigned long long)total);
    free(bytes);
    free(utf);
    return 0;
}
