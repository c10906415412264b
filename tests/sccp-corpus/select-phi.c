/* Ternaries (selects or phis after mem2reg) and phis whose edges are
 * partly dead; mixed with argc so not everything folds. */
#include <stdio.h>

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int main(int argc, char **argv) {
    (void)argv;
    int a = clamp(500, 0, 255);
    int b = clamp(argc, 0, 255);
    int same = argc > 1 ? 42 : 42;
    int x = 3;
    int y;
    if (x > 2)
        y = x * 2;
    else
        y = argc;
    int z = (y == 6) ? 1 : 2;
    _Bool t = (z == 1) && (a == 255);
    printf("%d %d %d %d %d %d\n", a, b, same, y, z, t);
    return a + b + same + y + z + t;
}
