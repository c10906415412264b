/* expat driver for scripts/backend-test --real: generates XML documents
 * from a linear congruential generator (nested elements with attributes,
 * character data with entity and character references, CDATA sections,
 * comments, processing instructions, namespace declarations, a DOCTYPE
 * whose internal subset declares general and parameter entities and a
 * default attribute; in UTF-8, ISO-8859-1, UTF-16LE and UTF-16BE) and
 * parses each four ways: whole and in chunks of varying sizes through
 * XML_Parse without namespace processing, and with it (XML_ParserCreateNS)
 * in chunks through XML_Parse and through XML_GetBuffer/XML_ParseBuffer on
 * one parser reused with XML_ParserReset, suspended and resumed now and
 * then. The handlers fold what they see into counters and an FNV-1a
 * checksum of names, attribute values, text, comments and instructions;
 * per document it prints the element, attribute and text byte counts and
 * the checksum, which must agree between the ways of feeding it (and
 * between a document and its UTF-16 copies). Malformed documents must fail
 * with the expected error, printed with its message, line and column.
 * argv[1]: the size in bytes of the largest generated document. The hash
 * salt is fixed (expat 2.1.0 would seed it from time()); the exit status
 * is 0 when every result is as expected. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "expat.h"

#define SALT 0x5eed1234UL
#define FNV_INIT 14695981039346656037ull

/* ---- the generator ---- */

static unsigned rng_state;

static unsigned rnd(unsigned n) {
    rng_state = rng_state * 1664525u + 1013904223u;
    return (rng_state >> 8) % n;
}

typedef struct {
    char *p;
    size_t n, cap;
} buf;

static void putn(buf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void put(buf *b, const char *s) { putn(b, s, strlen(s)); }

enum {
    F_DOCTYPE = 1, /* internal subset with entities and a default attribute */
    F_LATIN1 = 2,  /* encoding="ISO-8859-1", non-ASCII text in Latin-1 */
    F_CRLF = 4,    /* CR LF line ends */
    F_NOENC = 8,   /* XML declaration without an encoding (for UTF-16 copies) */
    F_DEEP = 16,   /* deeper nesting, fewer siblings */
};

static const char *const element_names[] = {"item", "entry", "node", "a:item", "b:rec",
                                            "data", "x", "list", "a:val", "row"};
static const char *const attr_names[] = {"id", "kind", "a:ref", "b:ref", "lang",
                                         "xml:lang", "n", "style"};
/* Ten words each; the UTF-8 ones with Latin, Greek and Han letters. */
static const char *const words_utf8[] = {
    "alpha", "beta", "gamma", "na\xc3\xafve", "\xce\xbb\xcf\x8c\xce\xb3\xce\xbf\xcf\x82",
    "\xe6\x97\xa5\xe6\x9c\xac", "delta", "stra\xc3\x9f\x65", "x=1", "q?"};
static const char *const words_latin1[] = {"alpha", "beta", "gamma", "na\xefve", "caf\xe9",
                                           "\xbfqu\xe9?", "delta", "stra\xdf\x65", "x=1", "q?"};
static const char *const refs[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#x41;",
                                   "&#65;", "&#xe9;", "&#x3B1;", "&#x4E2D;", "&#x1F600;",
                                   "&#10;"};

static void newline(buf *b, int flags) { put(b, flags & F_CRLF ? "\r\n" : "\n"); }

static void word(buf *b, int flags) {
    const char *const *w = flags & F_LATIN1 ? words_latin1 : words_utf8;
    put(b, w[rnd(10)]);
}

/* An attribute value: words, references and whitespace that attribute
 * value normalization turns into spaces. */
static void attr_value(buf *b, int flags, char quote) {
    int n = 1 + rnd(4);
    for (int i = 0; i < n; i++) {
        switch (rnd(6)) {
        case 0: put(b, refs[rnd(12)]); break;
        case 1: put(b, i & 1 ? "\t" : " "); break;
        case 2:
            if (flags & F_DOCTYPE) {
                put(b, "&ent;");
                break;
            }
            /* fall through */
        case 3: put(b, quote == '"' ? "'" : "\""); break;
        default: word(b, flags); break;
        }
    }
}

static void text(buf *b, int flags) {
    int n = 1 + rnd(6);
    for (int i = 0; i < n; i++) {
        unsigned r = rnd(10);
        if (r < 5)
            word(b, flags);
        else if (r < 7)
            put(b, refs[rnd(12)]);
        else if (r == 7 && (flags & F_DOCTYPE))
            put(b, rnd(2) ? "&ent;" : "&fromPe;");
        else if (r == 8)
            put(b, "]]"); /* legal in text, unless a > follows */
        else
            put(b, " ");
        if (rnd(3) == 0)
            put(b, " ");
    }
}

/* One element and its content; `c_bound`: whether prefix c is bound. */
static void element(buf *b, int flags, int depth, int max_depth, int c_bound) {
    char name[16];
    if (c_bound && rnd(5) == 0)
        snprintf(name, sizeof name, "c:e%u", rnd(3));
    else
        snprintf(name, sizeof name, "%s", element_names[rnd(10)]);
    put(b, "<");
    put(b, name);
    unsigned nattr = rnd(4), first = rnd(8);
    for (unsigned i = 0; i < nattr; i++) {
        char quote = rnd(2) ? '"' : '\'';
        char q[2] = {quote, 0};
        put(b, " ");
        put(b, attr_names[(first + i) % 8]);
        put(b, rnd(4) ? "=" : " = ");
        put(b, q);
        attr_value(b, flags, quote);
        put(b, q);
    }
    if (!c_bound && rnd(6) == 0) {
        char decl[48];
        snprintf(decl, sizeof decl, " xmlns:c=\"urn:pebble:c%u\"", rnd(100));
        put(b, decl);
        c_bound = 1;
    }
    if (depth >= max_depth || rnd(6) == 0) {
        put(b, rnd(2) ? "/>" : " />");
        return;
    }
    put(b, ">");
    int items = 1 + rnd(flags & F_DEEP ? 3 : 6);
    for (int i = 0; i < items; i++) {
        unsigned r = rnd(10);
        if ((flags & F_DEEP) && r >= 8)
            r = 0; /* more children, so deeper trees */
        switch (r) {
        case 0: case 1: case 2: element(b, flags, depth + 1, max_depth, c_bound); break;
        case 3: case 4: text(b, flags); break;
        case 5:
            put(b, "<![CDATA[");
            put(b, rnd(2) ? "a < b && c > d ]] ]>" : "<<>> &amp; raw");
            word(b, flags);
            put(b, "]]>");
            break;
        case 6:
            put(b, "<!-- ");
            word(b, flags);
            put(b, rnd(2) ? " - dash -->" : " < not a tag > -->");
            break;
        case 7:
            if (rnd(3) == 0) {
                put(b, "<?target?>");
                break;
            }
            put(b, "<?pebble-pi ");
            word(b, flags);
            put(b, "?>");
            break;
        case 8:
            if (flags & F_DOCTYPE) {
                put(b, "&markup;");
                break;
            }
            /* fall through */
        default:
            newline(b, flags);
            for (int d = 0; d <= depth; d++)
                put(b, " ");
            break;
        }
    }
    put(b, "</");
    put(b, name);
    put(b, ">");
}

static void generate(buf *b, size_t target, unsigned seed, int flags) {
    rng_state = seed;
    b->n = 0;
    if (flags & F_NOENC)
        put(b, "<?xml version=\"1.0\"?>");
    else if (flags & F_LATIN1)
        put(b, "<?xml version='1.0' encoding='ISO-8859-1'?>");
    else
        put(b, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>");
    newline(b, flags);
    if (flags & F_DOCTYPE) {
        static const char *const subset[] = {
            "<!DOCTYPE root [",
            "  <!ELEMENT root ANY>",
            "  <!ELEMENT b (#PCDATA|i)*>",
            "  <!ATTLIST item kind CDATA \"plain\" id ID #IMPLIED>",
            "  <!ATTLIST row span CDATA '1'>",
            "  <!ENTITY ent \"expanded &#x263A; text\">",
            "  <!ENTITY markup \"<b>bold &#38;amp; <i>it</i></b> tail\">",
            "  <!ENTITY % pe \"<!ENTITY fromPe 'via a parameter entity'>\">",
            "  %pe;",
            "  <!-- a comment in the subset -->",
            "  <?subset-pi data?>",
            "]>",
        };
        for (size_t i = 0; i < sizeof subset / sizeof subset[0]; i++) {
            put(b, subset[i]);
            newline(b, flags);
        }
    }
    put(b, "<?top-pi some data?>");
    newline(b, flags);
    put(b, "<!-- generated document -->");
    newline(b, flags);
    put(b, "<root xmlns=\"urn:pebble:default\" xmlns:a=\"urn:pebble:a\" "
           "xmlns:b='urn:pebble:b' version=\"1\">");
    int max_depth = flags & F_DEEP ? 24 : 6;
    while (b->n < target) {
        newline(b, flags);
        put(b, " ");
        element(b, flags, 1, max_depth, 0);
    }
    newline(b, flags);
    put(b, "</root>");
    newline(b, flags);
}

/* The UTF-8 document `in` in UTF-16 with a byte order mark. */
static void to_utf16(buf *out, const buf *in, int big_endian) {
    out->n = 0;
    const unsigned char *s = (const unsigned char *)in->p, *end = s + in->n;
    unsigned units[2];
    char bytes[4];
    unsigned c = 0xfeff;
    for (;;) {
        int nu = 1;
        if (c >= 0x10000) {
            units[0] = 0xd800 + ((c - 0x10000) >> 10);
            units[1] = 0xdc00 + ((c - 0x10000) & 0x3ff);
            nu = 2;
        } else {
            units[0] = c;
        }
        for (int i = 0; i < nu; i++) {
            bytes[big_endian ? 0 : 1] = (char)(units[i] >> 8);
            bytes[big_endian ? 1 : 0] = (char)(units[i] & 0xff);
            putn(out, bytes, 2);
        }
        if (s >= end)
            break;
        if (*s < 0x80) {
            c = *s++;
        } else if (*s < 0xe0) {
            c = (s[0] & 0x1f) << 6 | (s[1] & 0x3f);
            s += 2;
        } else if (*s < 0xf0) {
            c = (s[0] & 0x0f) << 12 | (s[1] & 0x3f) << 6 | (s[2] & 0x3f);
            s += 3;
        } else {
            c = (s[0] & 0x07) << 18 | (s[1] & 0x3f) << 12 | (s[2] & 0x3f) << 6 | (s[3] & 0x3f);
            s += 4;
        }
    }
}

/* ---- the handlers ---- */

struct stats {
    unsigned long elements, attrs, specified, text, cdata, comments, pis, ns_decls, decls,
        skipped, depth, max_depth, suspensions;
    uint64_t h;
    XML_Parser parser;
    unsigned suspend_every;
};

static void fold(struct stats *s, char tag, const char *str) {
    uint64_t h = s->h;
    h = (h ^ (unsigned char)tag) * 1099511628211ull;
    while (*str)
        h = (h ^ (unsigned char)*str++) * 1099511628211ull;
    s->h = h;
}

static void fold_num(struct stats *s, char tag, unsigned long v) {
    char num[24];
    snprintf(num, sizeof num, "%lu", v);
    fold(s, tag, num);
}

/* Whether an element comes from entity markup: expat 2.1.0 cannot resume
 * a parser suspended inside an internal entity's expansion (it reports a
 * mismatched tag), so the parser is never suspended there. */
static int from_entity(const char *name) {
    const char *local = strrchr(name, '|');
    local = local ? local + 1 : name;
    return !strcmp(local, "b") || !strcmp(local, "i");
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts) {
    struct stats *s = ud;
    s->elements++;
    if (++s->depth > s->max_depth)
        s->max_depth = s->depth;
    fold(s, 'S', name);
    for (int i = 0; atts[i]; i += 2) {
        s->attrs++;
        fold(s, 'A', atts[i]);
        fold(s, '=', atts[i + 1]);
    }
    s->specified += XML_GetSpecifiedAttributeCount(s->parser) / 2;
    fold_num(s, 'L', XML_GetCurrentLineNumber(s->parser));
    if (s->suspend_every && s->elements % s->suspend_every == 0 && !from_entity(name) &&
        XML_StopParser(s->parser, XML_TRUE) == XML_STATUS_OK)
        s->suspensions++;
}

static void XMLCALL on_end(void *ud, const XML_Char *name) {
    struct stats *s = ud;
    s->depth--;
    fold(s, 'E', name);
}

static void XMLCALL on_text(void *ud, const XML_Char *t, int len) {
    struct stats *s = ud;
    uint64_t h = s->h;
    for (int i = 0; i < len; i++)
        h = (h ^ (unsigned char)t[i]) * 1099511628211ull;
    s->h = h;
    s->text += len;
}

static void XMLCALL on_comment(void *ud, const XML_Char *data) {
    struct stats *s = ud;
    s->comments++;
    fold(s, 'C', data);
}

static void XMLCALL on_pi(void *ud, const XML_Char *target, const XML_Char *data) {
    struct stats *s = ud;
    s->pis++;
    fold(s, 'P', target);
    fold(s, ' ', data);
    fold_num(s, 'L', XML_GetCurrentLineNumber(s->parser));
}

static void XMLCALL on_cdata_start(void *ud) {
    struct stats *s = ud;
    s->cdata++;
    fold(s, '[', "");
}

static void XMLCALL on_cdata_end(void *ud) { fold(ud, ']', ""); }

static void XMLCALL on_ns_start(void *ud, const XML_Char *prefix, const XML_Char *uri) {
    struct stats *s = ud;
    s->ns_decls++;
    fold(s, 'N', prefix ? prefix : "(default)");
    fold(s, '=', uri ? uri : "(none)");
}

static void XMLCALL on_ns_end(void *ud, const XML_Char *prefix) {
    fold(ud, 'n', prefix ? prefix : "(default)");
}

static void XMLCALL on_entity_decl(void *ud, const XML_Char *name, int is_pe,
                                   const XML_Char *value, int len, const XML_Char *base,
                                   const XML_Char *system_id, const XML_Char *public_id,
                                   const XML_Char *notation) {
    struct stats *s = ud;
    s->decls++;
    fold(s, is_pe ? '%' : '&', name);
    for (int i = 0; value && i < len; i++)
        s->h = (s->h ^ (unsigned char)value[i]) * 1099511628211ull;
}

static void XMLCALL on_attlist_decl(void *ud, const XML_Char *el, const XML_Char *att,
                                    const XML_Char *type, const XML_Char *dflt, int required) {
    struct stats *s = ud;
    s->decls++;
    fold(s, '@', el);
    fold(s, '.', att);
    fold(s, ':', type);
    fold(s, '=', dflt ? dflt : "(none)");
    fold_num(s, '!', (unsigned long)required);
}

static void fold_model(struct stats *s, const XML_Content *m) {
    fold_num(s, 'M', (unsigned long)m->type * 16 + m->quant);
    if (m->name)
        fold(s, 'm', m->name);
    for (unsigned i = 0; i < m->numchildren; i++)
        fold_model(s, &m->children[i]);
}

static void XMLCALL on_element_decl(void *ud, const XML_Char *name, XML_Content *model) {
    struct stats *s = ud;
    s->decls++;
    fold(s, '<', name);
    fold_model(s, model);
    XML_FreeContentModel(s->parser, model);
}

static void XMLCALL on_skipped(void *ud, const XML_Char *name, int is_pe) {
    struct stats *s = ud;
    s->skipped++;
    fold(s, is_pe ? 's' : 'k', name);
}

static void XMLCALL on_xml_decl(void *ud, const XML_Char *version, const XML_Char *encoding,
                                int standalone) {
    struct stats *s = ud;
    fold(s, 'V', version ? version : "(none)");
    fold(s, 'e', encoding ? encoding : "(none)");
    fold_num(s, 'a', (unsigned long)(standalone + 1));
}

static void setup(XML_Parser p, struct stats *s) {
    memset(s, 0, sizeof *s);
    s->h = FNV_INIT;
    s->parser = p;
    XML_SetHashSalt(p, SALT);
    XML_SetUserData(p, s);
    XML_SetParamEntityParsing(p, XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE);
    XML_SetElementHandler(p, on_start, on_end);
    XML_SetCharacterDataHandler(p, on_text);
    XML_SetCommentHandler(p, on_comment);
    XML_SetProcessingInstructionHandler(p, on_pi);
    XML_SetCdataSectionHandler(p, on_cdata_start, on_cdata_end);
    XML_SetNamespaceDeclHandler(p, on_ns_start, on_ns_end);
    XML_SetEntityDeclHandler(p, on_entity_decl);
    XML_SetAttlistDeclHandler(p, on_attlist_decl);
    XML_SetElementDeclHandler(p, on_element_decl);
    XML_SetSkippedEntityHandler(p, on_skipped);
    XML_SetXmlDeclHandler(p, on_xml_decl);
}

/* ---- feeding the parser ---- */

/* A chunk length: single bytes, small and large pieces. */
static size_t chunk_len(void) {
    switch (rnd(8)) {
    case 0: return 1;
    case 1: case 2: return 1 + rnd(16);
    case 3: case 4: return 1 + rnd(300);
    default: return 1 + rnd(5000);
    }
}

enum { WHOLE, CHUNKS, BUFFERS };

/* Feeds `doc` to `p` whole, in pieces through XML_Parse or in pieces
 * through XML_GetBuffer and XML_ParseBuffer (resuming the parser whenever a
 * handler suspends it); returns the final status. */
static enum XML_Status feed(XML_Parser p, const buf *doc, int how, unsigned seed) {
    rng_state = seed;
    if (how == WHOLE)
        return XML_Parse(p, doc->p, (int)doc->n, 1);
    size_t at = 0;
    for (;;) {
        size_t len = chunk_len();
        if (len > doc->n - at)
            len = doc->n - at;
        /* Now and then the last piece is not final, and an empty final
         * call follows. */
        int final = at + len == doc->n && (len == 0 || rnd(4));
        enum XML_Status st;
        if (how == CHUNKS) {
            st = XML_Parse(p, doc->p + at, (int)len, final);
        } else {
            if (len > 0) {
                void *space = XML_GetBuffer(p, (int)len);
                if (!space)
                    return XML_STATUS_ERROR;
                memcpy(space, doc->p + at, len);
            }
            st = XML_ParseBuffer(p, (int)len, final);
            while (st == XML_STATUS_SUSPENDED)
                st = XML_ResumeParser(p);
        }
        if (st != XML_STATUS_OK || final)
            return st;
        at += len;
    }
}

static uint64_t fnv_stats(const struct stats *s) {
    const unsigned long v[] = {s->elements, s->attrs, s->specified, s->text, s->cdata,
                               s->comments, s->pis, s->ns_decls, s->decls, s->skipped,
                               s->max_depth};
    uint64_t h = s->h;
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (int k = 0; k < 8; k++)
            h = (h ^ ((v[i] >> (8 * k)) & 0xff)) * 1099511628211ull;
    return h;
}

static int status = 0;
static uint64_t total = FNV_INIT;
static XML_Parser reused; /* the namespace parser reused with XML_ParserReset */

static void report_error(XML_Parser p, const char *what) {
    enum XML_Error e = XML_GetErrorCode(p);
    printf("  %s: error %d (%s) at line %lu column %lu\n", what, (int)e, XML_ErrorString(e),
           (unsigned long)XML_GetCurrentLineNumber(p),
           (unsigned long)XML_GetCurrentColumnNumber(p));
}

/* Parses a well-formed document the four ways; returns the checksum of
 * the namespace-processing parse (0 if something went wrong). */
static uint64_t well_formed(const char *label, const buf *doc, unsigned seed) {
    struct stats s[4];
    int ok = 1;
    for (int way = 0; way < 4; way++) {
        XML_Parser p = way < 2   ? XML_ParserCreate(NULL)
                       : way < 3 ? XML_ParserCreateNS(NULL, '|')
                                 : reused;
        if (way == 3)
            XML_ParserReset(p, NULL);
        setup(p, &s[way]);
        if (way == 3)
            s[way].suspend_every = 7 + seed % 50;
        enum XML_Status st = feed(p, doc, way == 0 ? WHOLE : way == 3 ? BUFFERS : CHUNKS,
                                  seed * 31 + (unsigned)way);
        if (st != XML_STATUS_OK || s[way].depth != 0) {
            printf("%s: UNEXPECTED FAILURE (way %d)\n", label, way);
            report_error(p, "got");
            ok = 0;
        }
        if (way < 3)
            XML_ParserFree(p);
    }
    if (ok && (fnv_stats(&s[0]) != fnv_stats(&s[1]) || fnv_stats(&s[2]) != fnv_stats(&s[3]))) {
        printf("%s: MISMATCH between the ways of feeding it\n", label);
        ok = 0;
    }
    printf("%s: %zu bytes, %lu elements (depth %lu), %lu attributes (%lu specified), "
           "%lu text bytes, %lu cdata, %lu comments, %lu pis, %lu ns decls, %lu decls, "
           "%lu skipped\n",
           label, doc->n, s[2].elements, s[2].max_depth, s[2].attrs, s[2].specified, s[2].text,
           s[2].cdata, s[2].comments, s[2].pis, s[2].ns_decls, s[2].decls, s[2].skipped);
    printf("  checksum %016llx, with namespaces %016llx (suspended %lu times)\n",
           (unsigned long long)fnv_stats(&s[0]), (unsigned long long)fnv_stats(&s[2]),
           s[3].suspensions);
    total = (total ^ fnv_stats(&s[0])) * 1099511628211ull;
    total = (total ^ fnv_stats(&s[2])) * 1099511628211ull;
    if (!ok)
        status = 1;
    return ok ? fnv_stats(&s[2]) : 0;
}

/* Parses a malformed document whole and in chunks (with namespace
 * processing if `ns`); both must fail with `expected`. */
static void malformed(const char *label, const char *doc, size_t n, int ns,
                      enum XML_Error expected, unsigned seed) {
    buf b = {0};
    putn(&b, doc, n);
    enum XML_Error got[2];
    printf("%s:\n", label);
    for (int way = 0; way < 2; way++) {
        XML_Parser p = ns ? XML_ParserCreateNS(NULL, '|') : XML_ParserCreate(NULL);
        struct stats s;
        setup(p, &s);
        enum XML_Status st = feed(p, &b, way == 0 ? WHOLE : CHUNKS, seed);
        got[way] = st == XML_STATUS_ERROR ? XML_GetErrorCode(p) : XML_ERROR_NONE;
        if (way == 1 || got[0] != expected) {
            report_error(p, way == 0 ? "whole" : "in chunks");
            printf("  after %lu elements, checksum %016llx\n", s.elements,
                   (unsigned long long)fnv_stats(&s));
            total = (total ^ fnv_stats(&s)) * 1099511628211ull;
        }
        total = (total ^ (uint64_t)got[way]) * 1099511628211ull;
        XML_ParserFree(p);
    }
    if (got[0] != expected || got[1] != expected) {
        printf("  UNEXPECTED: wanted error %d (%s)\n", (int)expected, XML_ErrorString(expected));
        status = 1;
    }
    free(b.p);
}

struct bad {
    const char *label, *doc;
    int ns;
    enum XML_Error expected;
};

static const struct bad bad_docs[] = {
    {"mismatched tag", "<a><b>text</a></b>", 0, XML_ERROR_TAG_MISMATCH},
    {"undefined entity", "<a>one\n&two;</a>", 0, XML_ERROR_UNDEFINED_ENTITY},
    {"duplicate attribute", "<a x='1' y='2' x=\"3\"/>", 0, XML_ERROR_DUPLICATE_ATTRIBUTE},
    {"unclosed root", "<?xml version='1.0'?>\n<a>\n<b/>text", 0, XML_ERROR_NO_ELEMENTS},
    {"junk after root", "<a></a>\n<b/>", 0, XML_ERROR_JUNK_AFTER_DOC_ELEMENT},
    {"bad character reference", "<a>ok &#0; no</a>", 0, XML_ERROR_BAD_CHAR_REF},
    {"unbound prefix", "<a xmlns:p='urn:p'><p:b/><q:c/></a>", 1, XML_ERROR_UNBOUND_PREFIX},
    {"unclosed CDATA", "<a><![CDATA[ never ends", 0, XML_ERROR_UNCLOSED_CDATA_SECTION},
    {"invalid UTF-8", "<a>bad \xff byte</a>", 0, XML_ERROR_INVALID_TOKEN},
    {"unquoted attribute", "<a b=c/>", 0, XML_ERROR_INVALID_TOKEN},
    {"recursive entity", "<!DOCTYPE a [<!ENTITY e 'x&f;'><!ENTITY f '&e;'>]>\n<a>&e;</a>", 0,
     XML_ERROR_RECURSIVE_ENTITY_REF},
    {"double hyphen in comment", "<a><!-- bad -- comment --></a>", 0, XML_ERROR_INVALID_TOKEN},
    {"unknown encoding", "<?xml version='1.0' encoding='x-pebble'?><a/>", 0,
     XML_ERROR_UNKNOWN_ENCODING},
    {"empty document", "", 0, XML_ERROR_NO_ELEMENTS},
    {"undeclared prefix", "<a xmlns:p='urn:p'><b xmlns:p=''/></a>", 1,
     XML_ERROR_UNDECLARING_PREFIX},
    {"reserved prefix xml", "<a xmlns:xml='urn:not-xml'/>", 1, XML_ERROR_RESERVED_PREFIX_XML},
    {"]]> in text", "<a>x ]]> y</a>", 0, XML_ERROR_INVALID_TOKEN},
    {"< in attribute value", "<a b='x<y'/>", 0, XML_ERROR_INVALID_TOKEN},
    {"entity with a tag left open", "<!DOCTYPE a [<!ENTITY e '<b>'>]><a>&e;</b></a>", 0,
     XML_ERROR_ASYNC_ENTITY},
    {"misplaced XML declaration", "<a><?xml version='1.0'?></a>", 0,
     XML_ERROR_MISPLACED_XML_PI},
};

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 400000;
    printf("%s\n", XML_ExpatVersion());
    reused = XML_ParserCreateNS(NULL, '|');
    static const struct {
        const char *label;
        int flags, div;
    } kinds[] = {
        {"utf-8", 0, 1},
        {"utf-8 doctype", F_DOCTYPE, 1},
        {"utf-8 doctype crlf deep", F_DOCTYPE | F_CRLF | F_DEEP, 2},
        {"iso-8859-1 doctype", F_LATIN1 | F_DOCTYPE, 2},
        {"utf-8 small", 0, 64},
    };
    buf doc = {0}, wide = {0};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        unsigned seed = 1000u + 17u * (unsigned)k;
        generate(&doc, n / kinds[k].div, seed, kinds[k].flags);
        well_formed(kinds[k].label, &doc, seed);
    }
    /* A document and its UTF-16 copies. */
    generate(&doc, n / 4, 77, F_DOCTYPE | F_NOENC);
    uint64_t h8 = well_formed("utf-8 (no encoding declared)", &doc, 77);
    to_utf16(&wide, &doc, 0);
    uint64_t h16le = well_formed("utf-16le", &wide, 78);
    to_utf16(&wide, &doc, 1);
    uint64_t h16be = well_formed("utf-16be", &wide, 79);
    if (h8 != h16le || h8 != h16be) {
        printf("MISMATCH between the UTF-8 and UTF-16 documents\n");
        status = 1;
    }

    for (size_t i = 0; i < sizeof bad_docs / sizeof bad_docs[0]; i++)
        malformed(bad_docs[i].label, bad_docs[i].doc, strlen(bad_docs[i].doc), bad_docs[i].ns,
                  bad_docs[i].expected, 500 + (unsigned)i);
    /* Generated documents broken in the middle: cut before a tag, and a
     * duplicate attribute inserted before a start tag. */
    generate(&doc, n / 8, 4242, F_DOCTYPE);
    size_t at = doc.n / 2, root = (size_t)(strstr(doc.p, "<root") - doc.p);
    if (at < root)
        at = root;
    while (at < doc.n && !(doc.p[at] == '<' && doc.p[at + 1] >= 'a' && doc.p[at + 1] <= 'z'))
        at++;
    malformed("generated, cut off", doc.p, at, 1, XML_ERROR_NO_ELEMENTS, 600);
    buf broken = {0};
    putn(&broken, doc.p, at);
    put(&broken, "<dup a:ref='1' b:x='2' a:ref='3'/>");
    putn(&broken, doc.p + at, doc.n - at);
    malformed("generated, duplicate attribute", broken.p, broken.n, 1,
              XML_ERROR_DUPLICATE_ATTRIBUTE, 601);
    malformed("generated, duplicate attribute (no namespaces)", broken.p, broken.n, 0,
              XML_ERROR_DUPLICATE_ATTRIBUTE, 602);

    XML_ParserFree(reused);
    free(doc.p);
    free(wide.p);
    free(broken.p);
    printf("total %016llx\n", (unsigned long long)total);
    return status;
}
