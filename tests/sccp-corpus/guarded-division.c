/* Division guarded by checks that SCCP can decide: the division by zero
 * sits in a branch that never executes and must not be turned into a value
 * or keep the branch alive; INT_MIN / -1 likewise. */
#include <limits.h>
#include <stdio.h>

#define DIVISOR 0

static int safe_div(int a, int b) {
    if (b == 0)
        return a;
    if (a == INT_MIN && b == -1)
        return a;
    return a / b;
}

int main(int argc, char **argv) {
    (void)argv;
    int d = DIVISOR;
    int q = 7;
    if (d != 0)
        q = 100 / d;
    int r = safe_div(INT_MIN, -1);
    int s = safe_div(argc * 1000, 7);
    int t = safe_div(49, 7);
    long long big = (long long)INT_MAX + 1;
    unsigned u = 7u / 3u + 7u % 3u;
    int neg = -7 / 2 + -7 % 2;
    printf("%d %d %d %d %lld %u %d\n", q, r, s, t, big, u, neg);
    return (q + t + (int)u + neg) & 0xff;
}
