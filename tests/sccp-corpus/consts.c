/* Constants hidden behind macros and inline-style helpers, as the seed's
 * SCCP example motivates: most branches here are decided at compile time. */
#include <stdio.h>

#define SCALE 10
#define OFFSET 100
#define DEBUG 0

static int fold_me(void) {
    int a = 1 + 2;
    int m = a * SCALE;
    int s = m - OFFSET;
    int x;
    if (s < 100)
        x = 100;
    else
        x = 200;
    return x;
}

static int mode_value(int mode) {
    switch (mode) {
    case 0: return 11;
    case 1: return 22;
    case 2: return 33;
    default: return -1;
    }
}

static unsigned mix(unsigned v) {
    const unsigned k = 0x9e3779b9u;
    unsigned r = v ^ (k >> 16);
    if (DEBUG)
        printf("mix %u\n", r);
    return r * 2654435761u;
}

int main(int argc, char **argv) {
    (void)argv;
    int total = fold_me();
    int mode = 2;
    total += mode_value(mode);
    total += mode_value(argc);
    unsigned h = mix(12345u);
    for (int i = 0; i < 10; i++) {
        int step = DEBUG ? 3 : 1;
        total += step * i;
        h = mix(h + (unsigned)i);
    }
    printf("total=%d h=%u\n", total, h);
    return total & 0x7f;
}
