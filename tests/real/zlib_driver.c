/* zlib driver for scripts/backend-test --real: deflates and inflates
 * generated text and noise at several levels and strategies, checking the
 * round trip and printing sizes and checksums. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zlib.h"
#include "make_input.h"

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 400000;
    unsigned char *in = make_input(n, 7);
    uLong bound = compressBound(n);
    unsigned char *z = malloc(bound), *back = malloc(n);
    int status = 0;
    for (int level = 1; level <= 9; level += 4) {
        for (int strategy = 0; strategy <= 2; strategy++) {
            z_stream s;
            memset(&s, 0, sizeof s);
            deflateInit2(&s, level, Z_DEFLATED, 15, 8, strategy);
            s.next_in = in;
            s.avail_in = (uInt)n;
            s.next_out = z;
            s.avail_out = (uInt)bound;
            deflate(&s, Z_FINISH);
            uLong zn = s.total_out;
            deflateEnd(&s);
            uLongf bn = n;
            int r = uncompress(back, &bn, z, zn);
            int same = r == Z_OK && bn == n && memcmp(in, back, n) == 0;
            status |= !same;
            printf("level %d strategy %d: %lu -> %lu adler %08lx crc %08lx %s\n", level, strategy,
                   (unsigned long)n, (unsigned long)zn, adler32(1, z, (uInt)zn),
                   crc32(0, z, (uInt)zn), same ? "ok" : "MISMATCH");
        }
    }
    printf("input crc %08lx\n", crc32(0, in, (uInt)n));
    return status;
}
