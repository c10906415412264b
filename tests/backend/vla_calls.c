#include <stdio.h>
/* variable-length arrays (sp moves at run time, frame via s0) together with
   calls that pass arguments on the stack, nested VLA scopes in a loop */
static long ten(long a, long b, long c, long d, long e, long f, long g, long h, long i, long j) {
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j;
}
static long work(int n) {
    long total = 0;
    for (int round = 1; round <= 3; round++) {
        long v[n * round];
        for (int i = 0; i < n * round; i++) v[i] = i * round;
        total += ten(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[n * round - 1]);
        char s[round * 7 + 1];
        for (int i = 0; i < round * 7; i++) s[i] = 'a' + i;
        s[round * 7] = 0;
        printf("%s %ld\n", s, total);
    }
    return total;
}
int main(void) { return (int)(work(10) % 200); }
