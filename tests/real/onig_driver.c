/* Oniguruma driver for scripts/backend-test --real and scripts/difftest-real:
 * compiles a set of patterns in several syntaxes (Ruby, Oniguruma, Perl,
 * Perl_NG, Python, Java, POSIX extended, GNU grep, Emacs) and encodings
 * (ASCII, ISO-8859-1, UTF-8, UTF-16LE) -- alternation, classes and class
 * set operations, POSIX brackets, greedy, lazy and possessive quantifiers,
 * atomic groups, backreferences, named groups and subexpression calls,
 * lookahead and lookbehind, anchors, \K, \R, \X, the absent operator,
 * conditionals, case-insensitive matching with multi-character folds,
 * Unicode properties, capture history and contents callouts -- and a few
 * invalid patterns (their messages from onig_error_code_to_str). Each
 * valid pattern is searched over generated text, match after match, and
 * its line gives the number of matches and a checksum of every group's
 * span. Then onig_regset_search (position and regex lead), onig_scan,
 * onig_match at every character and a substitution loop built on
 * onig_search and named groups. argv[1]: the size of the texts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "oniguruma.h"
#include "make_input.h"

enum text { T_ASCII, T_LATIN1, T_UTF8, T_UTF16 };

/* ONIG_SYNTAX_RUBY with (?@...) capture history on, set up in main. */
static OnigSyntaxType history_syntax;

struct case_ {
    const char *pattern; /* UTF-8; converted for the Latin-1 and UTF-16 texts */
    OnigSyntaxType *syntax;
    const char *syntax_name;
    OnigOptionType options;
    enum text text;
    int callout; /* count the contents callouts through a match parameter */
};

#define RUBY &OnigSyntaxRuby, "ruby"
#define ONIG &OnigSyntaxOniguruma, "oniguruma"
#define PERL &OnigSyntaxPerl, "perl"
#define PERL_NG &OnigSyntaxPerl_NG, "perl_ng"
#define PYTHON &OnigSyntaxPython, "python"
#define JAVA &OnigSyntaxJava, "java"
#define POSIX_EXT &OnigSyntaxPosixExtended, "posix_ext"
#define GREP &OnigSyntaxGrep, "grep"
#define EMACS &OnigSyntaxEmacs, "emacs"
#define HISTORY &history_syntax, "ruby+history"

static const struct case_ cases[] = {
    /* over make_input's bytes, ASCII encoding */
    {"alpha\\s+beta", RUBY, 0, T_ASCII, 0},
    {"GAMMA|delta|EPSILON", RUBY, ONIG_OPTION_IGNORECASE, T_ASCII, 0},
    {"[aeiou]{2,}", RUBY, 0, T_ASCII, 0},
    {"[[:alpha:]]+[[:punct:]][[:space:]]", RUBY, 0, T_ASCII, 0},
    {"\\b(\\w+) \\1\\b", RUBY, 0, T_ASCII, 0},
    {"(?<=eta )theta|(?<!z)eta(?= i)", RUBY, 0, T_ASCII, 0},
    {"kappa,(?! alpha)", RUBY, 0, T_ASCII, 0},
    {"e.*?n", RUBY, 0, T_ASCII, 0},
    {"t*+a|(?>t+h)e", RUBY, 0, T_ASCII, 0},
    {"a{1,2}?p|m{2}+", ONIG, 0, T_ASCII, 0},
    {"^zeta.*$|\\Aalpha|\\Gbeta", RUBY, 0, T_ASCII, 0},
    {"(?<a>\\w)(?<b>\\w)\\k<b>\\k<a>", RUBY, 0, T_ASCII, 0},
    {"(?<w>[a-z]+)(?: (?!\\k<w>)\\g<w>){2}", RUBY, 0, T_ASCII, 0},
    {"[^\\x20-\\x7e]+|\\h{2}", RUBY, 0, T_ASCII, 0},
    {"(?~eta)", RUBY, 0, T_ASCII, 0},
    {"kappa,\\s\\K\\w+|\\R\\N{2}", ONIG, 0, T_ASCII, 0},
    {"(\\w+)\\s(?:\\w+\\s){2}\\1", PERL, 0, T_ASCII, 0},
    {"(?s)a.{3}b|\\Qkappa,\\E\\s(?i)ALPHA", PERL, 0, T_ASCII, 0},
    {"(a)?(?(1)lpha|eta)", PERL, 0, T_ASCII, 0},
    {"(?<w>[a-z]{3,})\\s(?&w)\\s(?&w)", PERL_NG, 0, T_ASCII, 0},
    {"(?P<c>\\w)(?P=c)", PYTHON, 0, T_ASCII, 0},
    {"[a-z&&[^aeiou]]{3}", JAVA, 0, T_ASCII, 0},
    {"(alpha|beta)+ [a-z]+", POSIX_EXT, 0, T_ASCII, 0},
    {"\\<th[a-z]*\\>\\|io", GREP, 0, T_ASCII, 0},
    {"\\(al\\|be\\)\\(pha\\|ta\\)", EMACS, 0, T_ASCII, 0},
    {"(?@[a-z])+,", HISTORY, 0, T_ASCII, 0},
    {"a{2,1}|(?<=ph?a{1,2} )b\\w+", ONIG, 0, T_ASCII, 0},
    {"(?:e+)*t|[a-a-z]{5}", ONIG, 0, T_ASCII, 0},
    {"\\w+(?{count})\\s", ONIG, 0, T_ASCII, 1},
    /* over UTF-8 text */
    {"(?i:ÉTÉ)", RUBY, 0, T_UTF8, 0},
    {"\\p{Greek}+", RUBY, 0, T_UTF8, 0},
    {"\\p{Han}+|\\p{Hiragana}{2}|\\p{Cyrillic}\\p{Ll}", RUBY, 0, T_UTF8, 0},
    {"[\\p{L}&&[^\\p{Latin}]]+", RUBY, 0, T_UTF8, 0},
    {"\\X", RUBY, 0, T_UTF8, 0},
    {"\\b\\w+(?=\\s)", RUBY, 0, T_UTF8, 0},
    {"(?i)strasse|ǅ", RUBY, 0, T_UTF8, 0},
    {"[[:upper:]][[:lower:]]+|\\p{^Alpha}{3,}", RUBY, 0, T_UTF8, 0},
    {"\\p{So}|[\\u00e0-\\u00ff]", ONIG, 0, T_UTF8, 0},
    {"(?<x>\\p{Lu})(?<y>\\p{Ll}*)\\s", PERL_NG, 0, T_UTF8, 0},
    {"\\w+\\y", ONIG, ONIG_OPTION_TEXT_SEGMENT_WORD, T_UTF8, 0},
    /* over the same text in ISO-8859-1 ('?' for what it lacks) */
    {"(?i)été", RUBY, 0, T_LATIN1, 0},
    {"[[:upper:]]\\w+", RUBY, 0, T_LATIN1, 0},
    /* over the same text in UTF-16LE */
    {"\\p{Greek}+|ß", RUBY, 0, T_UTF16, 0},
    {"(?i)été|\\X\\z", RUBY, 0, T_UTF16, 0},
    /* errors */
    {"(unclosed", RUBY, 0, T_ASCII, 0},
    {"a{2,1}", PERL, 0, T_ASCII, 0},
    {"(?<!a(?:b|cd)*)e", RUBY, 0, T_ASCII, 0},
    {"\\p{NoSuchScript}", RUBY, 0, T_UTF8, 0},
    {"\\k<nope>(?<yes>a)", RUBY, 0, T_ASCII, 0},
    {"[b-a]", PERL, 0, T_ASCII, 0},
    {"(?<n>a)(?<n>b)\\g<n>", ONIG, 0, T_ASCII, 0},
    {"(*FOO)", ONIG, 0, T_ASCII, 0},
    {"[[:foo:]]", RUBY, 0, T_ASCII, 0},
};

static uint64_t fnv(uint64_t h, uint64_t v) {
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 1099511628211ull;
    }
    return h;
}

/* `n` bytes of valid UTF-8: ASCII words, accented Latin, Greek, Han,
 * Hiragana, Cyrillic, an emoji (outside the BMP), a letter followed by a
 * combining accent and CR LF, from the same generator as make_input. */
static unsigned char *make_utf8(size_t n, unsigned seed) {
    static const char *words[] = {"alpha ", "été ", "ÉTÉ ", "λόγος ", "Ωmega ", "日本語 ",
                                  "e\xcc\x81t\xcc\x81 ", "Zeta\n", "naïve ", "straße ",
                                  "ひらがな ", "STRASSE ", "ok😀 ", "Дом\r\n", "12,5 "};
    unsigned char *p = malloc(n + 1);
    size_t i = 0;
    for (;;) {
        seed = seed * 1664525u + 1013904223u;
        const char *w = words[(seed >> 16) % 15];
        size_t len = strlen(w);
        if (i + len > n)
            break;
        memcpy(p + i, w, len);
        i += len;
    }
    while (i < n)
        p[i++] = ' ';
    p[n] = 0;
    return p;
}

/* The next code point of valid UTF-8 at *s. */
static unsigned decode(const unsigned char **s) {
    const unsigned char *p = *s;
    unsigned c = p[0];
    int len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    if (len > 1)
        c &= 0x3f >> (len - 1);
    for (int k = 1; k < len; k++)
        c = (c << 6) | (p[k] & 0x3f);
    *s = p + len;
    return c;
}

/* `s` (UTF-8) in UTF-16LE or in ISO-8859-1; its length in *out_len. */
static unsigned char *convert(const unsigned char *s, size_t n, enum text to, size_t *out_len) {
    unsigned char *out = malloc(4 * n + 4), *o = out;
    const unsigned char *e = s + n;
    while (s < e) {
        unsigned c = decode(&s);
        if (to == T_LATIN1) {
            *o++ = c < 0x100 ? (unsigned char)c : '?';
        } else if (c < 0x10000) {
            *o++ = c & 0xff;
            *o++ = c >> 8;
        } else {
            unsigned hi = 0xd800 + ((c - 0x10000) >> 10), lo = 0xdc00 + (c & 0x3ff);
            *o++ = hi & 0xff;
            *o++ = hi >> 8;
            *o++ = lo & 0xff;
            *o++ = lo >> 8;
        }
    }
    *out_len = (size_t)(o - out);
    return out;
}

static OnigEncoding encoding_of(enum text t) {
    switch (t) {
    case T_ASCII: return ONIG_ENCODING_ASCII;
    case T_LATIN1: return ONIG_ENCODING_ISO_8859_1;
    case T_UTF8: return ONIG_ENCODING_UTF8;
    default: return ONIG_ENCODING_UTF16_LE;
    }
}

static int warnings;
static void count_warning(const char *s) {
    (void)s;
    warnings++;
}

static long callouts;
static int count_callout(OnigCalloutArgs *args, void *user_data) {
    (void)user_data;
    callouts += onig_get_callout_in_by_callout_args(args) == ONIG_CALLOUT_IN_PROGRESS;
    return ONIG_CALLOUT_SUCCESS;
}

static uint64_t fold_region(uint64_t h, const OnigRegion *region) {
    for (int g = 0; g < region->num_regs; g++)
        h = fnv(fnv(h, (uint64_t)(int64_t)region->beg[g]), (uint64_t)(int64_t)region->end[g]);
    return h;
}

static int history_node(int group, int beg, int end, int level, int at, void *arg) {
    uint64_t *h = arg;
    *h = fnv(fnv(fnv(fnv(*h, (uint64_t)group), (uint64_t)beg), (uint64_t)end),
             (uint64_t)(level * 4 + at));
    return 0;
}

static int name_entry(const OnigUChar *name, const OnigUChar *end, int ngroups, int *groups,
                      OnigRegex reg, void *arg) {
    (void)reg;
    uint64_t *h = arg;
    for (const OnigUChar *p = name; p < end; p++)
        *h = fnv(*h, *p);
    for (int i = 0; i < ngroups; i++)
        *h = fnv(*h, (uint64_t)groups[i]);
    return 0;
}

/* Every match of `reg` in the subject, scanning left to right; an empty
 * match moves on by a whole character. */
static void search_all(OnigRegex reg, const unsigned char *s, size_t n, OnigMatchParam *mp,
                       long *count, uint64_t *h) {
    OnigRegion *region = onig_region_new();
    OnigEncoding enc = onig_get_encoding(reg);
    const unsigned char *end = s + n, *at = s;
    int history = onig_number_of_capture_histories(reg) > 0;
    for (;;) {
        int r = mp ? onig_search_with_param(reg, s, end, at, end, region, ONIG_OPTION_NONE, mp)
                   : onig_search(reg, s, end, at, end, region, ONIG_OPTION_NONE);
        if (r < 0) {
            if (r != ONIG_MISMATCH)
                *h = fnv(*h, (uint64_t)(int64_t)r);
            break;
        }
        *h = fold_region(fnv(*h, (uint64_t)r), region);
        if (history)
            onig_capture_tree_traverse(region, ONIG_TRAVERSE_CALLBACK_AT_BOTH, history_node, h);
        ++*count;
        if (s + region->end[0] > at) {
            at = s + region->end[0];
        } else {
            if (at >= end)
                break;
            at += ONIGENC_MBC_ENC_LEN(enc, at);
        }
    }
    onig_region_free(region, 1);
}

/* `pattern` in the encoding of `text`, malloc'ed; its length in *len. */
static unsigned char *pattern_for(const char *pattern, enum text t, size_t *len) {
    size_t n = strlen(pattern);
    if (t == T_LATIN1 || t == T_UTF16)
        return convert((const unsigned char *)pattern, n, t, len);
    unsigned char *p = malloc(n + 1);
    memcpy(p, pattern, n + 1);
    *len = n;
    return p;
}

static uint64_t run_case(const struct case_ *c, const unsigned char *const texts[],
                         const size_t lens[]) {
    size_t plen;
    unsigned char *pat = pattern_for(c->pattern, c->text, &plen);
    OnigRegex reg;
    OnigErrorInfo einfo;
    int r = onig_new(&reg, pat, pat + plen, c->options, encoding_of(c->text), c->syntax, &einfo);
    if (r != ONIG_NORMAL) {
        OnigUChar msg[ONIG_MAX_ERROR_MESSAGE_LEN];
        onig_error_code_to_str(msg, r, &einfo);
        printf("%-44s %-12s error %d: %s\n", c->pattern, c->syntax_name, r, msg);
        free(pat);
        return fnv(0, (uint64_t)(int64_t)r);
    }
    uint64_t h = 14695981039346656037ull;
    onig_foreach_name(reg, name_entry, &h);
    OnigMatchParam *mp = NULL;
    if (c->callout) {
        mp = onig_new_match_param();
        onig_initialize_match_param(mp);
        onig_set_progress_callout_of_match_param(mp, count_callout);
    }
    long count = 0;
    callouts = 0;
    search_all(reg, texts[c->text], lens[c->text], mp, &count, &h);
    h = fnv(h, (uint64_t)callouts);
    printf("%-44s %-12s groups %d names %d matches %ld", c->pattern, c->syntax_name,
           onig_number_of_captures(reg), onig_number_of_names(reg), count);
    if (c->callout)
        printf(" callouts %ld", callouts);
    printf(" hash %016llx\n", (unsigned long long)h);
    if (mp)
        onig_free_match_param(mp);
    onig_free(reg);
    free(pat);
    return h;
}

static OnigRegex compile(const char *pattern, OnigEncoding enc, OnigSyntaxType *syntax) {
    OnigRegex reg;
    OnigErrorInfo einfo;
    int r = onig_new(&reg, (const OnigUChar *)pattern,
                     (const OnigUChar *)pattern + strlen(pattern), ONIG_OPTION_NONE, enc, syntax,
                     &einfo);
    if (r != ONIG_NORMAL) {
        OnigUChar msg[ONIG_MAX_ERROR_MESSAGE_LEN];
        onig_error_code_to_str(msg, r, &einfo);
        printf("cannot compile %s: %s\n", pattern, msg);
        exit(1);
    }
    return reg;
}

/* A set of patterns searched together, match after match: the leftmost
 * match (position and regex lead, two algorithms), or the match of the
 * first pattern that matches anywhere (regex order). */
static uint64_t regset(const unsigned char *s, size_t n) {
    static const char *pats[] = {"\\p{Greek}{3,}", "(?i)été", "\\d+,\\d+", "\\p{Han}+",
                                 "(?<w>\\w)\\k<w>"};
    const int npats = sizeof pats / sizeof pats[0];
    uint64_t total = 14695981039346656037ull;
    static const OnigRegSetLead leads[] = {ONIG_REGSET_POSITION_LEAD, ONIG_REGSET_REGEX_LEAD,
                                           ONIG_REGSET_PRIORITY_TO_REGEX_ORDER};
    static const char *lead_names[] = {"position lead", "regex lead", "regex order"};
    for (int lead = 0; lead < 3; lead++) {
        OnigRegSet *set;
        onig_regset_new(&set, 0, NULL);
        for (int i = 0; i < npats; i++)
            onig_regset_add(set, compile(pats[i], ONIG_ENCODING_UTF8, ONIG_SYNTAX_RUBY));
        long counts[8] = {0};
        uint64_t h = 14695981039346656037ull;
        const unsigned char *end = s + n, *at = s;
        for (;;) {
            int pos;
            int r = onig_regset_search(set, s, end, at, end, leads[lead], ONIG_OPTION_NONE, &pos);
            if (r < 0) {
                if (r != ONIG_MISMATCH)
                    h = fnv(h, (uint64_t)(int64_t)r);
                break;
            }
            OnigRegion *region = onig_regset_get_region(set, r);
            h = fold_region(fnv(fnv(h, (uint64_t)r), (uint64_t)pos), region);
            counts[r]++;
            if (s + region->end[0] > at)
                at = s + region->end[0];
            else
                at += ONIGENC_MBC_ENC_LEN(ONIG_ENCODING_UTF8, at);
            if (at >= end)
                break;
        }
        printf("regset %s: %d regexes, matches", lead_names[lead],
               onig_regset_number_of_regex(set));
        for (int i = 0; i < npats; i++)
            printf(" %ld", counts[i]);
        printf(" hash %016llx\n", (unsigned long long)h);
        onig_regset_free(set); /* frees its regexes */
        total = fnv(total, h);
    }
    return total;
}

static int scan_callback(int n, int r, OnigRegion *region, void *arg) {
    uint64_t *h = arg;
    *h = fold_region(fnv(fnv(*h, (uint64_t)n), (uint64_t)r), region);
    return 0;
}

static uint64_t scan(const unsigned char *s, size_t n) {
    OnigRegex reg = compile("\\b(?<v>[aeiou])?[a-z]{4,}(?(<v>)a|[^a])\\b", ONIG_ENCODING_ASCII,
                            ONIG_SYNTAX_RUBY);
    OnigRegion *region = onig_region_new();
    uint64_t h = 14695981039346656037ull;
    int r = onig_scan(reg, s, s + n, region, ONIG_OPTION_NONE, scan_callback, &h);
    printf("scan: %d matches, hash %016llx\n", r, (unsigned long long)h);
    onig_region_free(region, 1);
    onig_free(reg);
    return fnv(h, (uint64_t)(int64_t)r);
}

/* onig_match (anchored) at the start of every character. */
static uint64_t match_every(const unsigned char *s, size_t n) {
    OnigRegex reg = compile("\\p{Lu}\\p{Ll}+|\\d+(?:,\\d+)?", ONIG_ENCODING_UTF8,
                            ONIG_SYNTAX_RUBY);
    OnigRegion *region = onig_region_new();
    uint64_t h = 14695981039346656037ull;
    long count = 0, chars = 0;
    const unsigned char *end = s + n;
    for (const unsigned char *at = s; at < end; at += ONIGENC_MBC_ENC_LEN(ONIG_ENCODING_UTF8, at)) {
        int r = onig_match(reg, s, end, at, region, ONIG_OPTION_NONE);
        chars++;
        if (r >= 0) {
            count++;
            h = fnv(fnv(h, (uint64_t)(at - s)), (uint64_t)r);
        }
    }
    printf("match: %ld of %ld characters, hash %016llx\n", count, chars,
           (unsigned long long)h);
    onig_region_free(region, 1);
    onig_free(reg);
    return h;
}

/* Every "first second" pair of words becomes "Second:first" (the first
 * letter upper-cased), through named groups. */
static uint64_t substitute(const unsigned char *s, size_t n) {
    static const char first[] = "first", second[] = "second";
    OnigRegex reg = compile("(?<first>\\w+) (?<second>[a-z]\\w*)", ONIG_ENCODING_ASCII,
                            ONIG_SYNTAX_RUBY);
    OnigRegion *region = onig_region_new();
    unsigned char *out = malloc(2 * n + 16);
    size_t o = 0;
    long replacements = 0;
    const unsigned char *end = s + n, *at = s;
    while (at < end) {
        int r = onig_search(reg, s, end, at, end, region, ONIG_OPTION_NONE);
        if (r < 0)
            break;
        memcpy(out + o, at, (size_t)(s + r - at));
        o += (size_t)(s + r - at);
        int g1 = onig_name_to_backref_number(reg, (const OnigUChar *)first,
                                             (const OnigUChar *)first + 5, region);
        int g2 = onig_name_to_backref_number(reg, (const OnigUChar *)second,
                                             (const OnigUChar *)second + 6, region);
        size_t l2 = (size_t)(region->end[g2] - region->beg[g2]);
        memcpy(out + o, s + region->beg[g2], l2);
        out[o] = (unsigned char)(out[o] - 'a' + 'A');
        o += l2;
        out[o++] = ':';
        size_t l1 = (size_t)(region->end[g1] - region->beg[g1]);
        memcpy(out + o, s + region->beg[g1], l1);
        o += l1;
        replacements++;
        at = s + region->end[0];
    }
    memcpy(out + o, at, (size_t)(end - at));
    o += (size_t)(end - at);
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < o; i++)
        h = fnv(h, out[i]);
    printf("substitute: %ld replacements, %zu bytes, hash %016llx\n", replacements, o,
           (unsigned long long)h);
    free(out);
    onig_region_free(region, 1);
    onig_free(reg);
    return h;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 100000;
    OnigEncoding encs[] = {ONIG_ENCODING_ASCII, ONIG_ENCODING_ISO_8859_1, ONIG_ENCODING_UTF8,
                           ONIG_ENCODING_UTF16_LE};
    if (onig_initialize(encs, sizeof encs / sizeof encs[0]) != ONIG_NORMAL) {
        printf("onig_initialize failed\n");
        return 1;
    }
    onig_set_warn_func(count_warning);
    onig_set_verb_warn_func(count_warning);
    onig_copy_syntax(&history_syntax, ONIG_SYNTAX_RUBY);
    onig_set_syntax_op2(&history_syntax,
                        onig_get_syntax_op2(ONIG_SYNTAX_RUBY) | ONIG_SYN_OP2_ATMARK_CAPTURE_HISTORY);
    printf("oniguruma %s\n", onig_version());

    unsigned char *texts[4];
    size_t lens[4];
    texts[T_ASCII] = make_input(n, 11);
    lens[T_ASCII] = n;
    texts[T_UTF8] = make_utf8(n, 13);
    lens[T_UTF8] = n;
    texts[T_LATIN1] = convert(texts[T_UTF8], n, T_LATIN1, &lens[T_LATIN1]);
    texts[T_UTF16] = convert(texts[T_UTF8], n, T_UTF16, &lens[T_UTF16]);

    uint64_t total = 14695981039346656037ull;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        total = fnv(total, run_case(&cases[c], (const unsigned char *const *)texts, lens));
    total = fnv(total, regset(texts[T_UTF8], n));
    total = fnv(total, scan(texts[T_ASCII], n));
    total = fnv(total, match_every(texts[T_UTF8], n < 50000 ? n : 50000));
    total = fnv(total, substitute(texts[T_ASCII], n < 50000 ? n : 50000));
    printf("warnings %d\n", warnings);
    printf("total %016llx\n", (unsigned long long)total);
    for (int t = 0; t < 4; t++)
        free(texts[t]);
    onig_end();
    return 0;
}
