/* Loops: induction variables are not constants, loop-invariant flags and
 * values carried unchanged around the loop are; a loop whose condition is
 * false on entry never runs. */
#include <stdio.h>

int main(int argc, char **argv) {
    (void)argv;
    int flag = 0;
    int k = 5;
    long sum = 0;
    for (int i = 0; i < 100; i++) {
        if (flag)
            sum += 1000;
        sum += i * k;
        k = 5;
    }
    int never = 0;
    for (int j = 10; j < 10; j++)
        never += j;
    int n = argc;
    int w = 0;
    while (n < 50) {
        n = n * 2 + 1;
        w++;
    }
    int acc = 1;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 4; b++)
            acc = acc * 3 % 1000003 + (a ^ b);
    printf("%ld %d %d %d %d\n", sum, never, n, w, acc);
    return (int)((sum + n + w + acc) & 0xff);
}
