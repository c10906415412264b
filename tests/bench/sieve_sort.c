#include <stdio.h>
#include <string.h>
/* sieve of Eratosthenes, insertion sort and a hash loop: branches, bytes, calls */
#define M 400000
static unsigned char comp[M];
static int arr[3000];
static unsigned hash(unsigned h, int v) { return (h ^ (unsigned)v) * 16777619u; }
int main(void) {
    memset(comp, 0, sizeof comp);
    int count = 0;
    for (int i = 2; i < M; i++) {
        if (comp[i]) continue;
        count++;
        for (long j = (long)i * i; j < M; j += i) comp[j] = 1;
    }
    unsigned seed = 12345;
    for (int i = 0; i < 3000; i++) { seed = seed * 1103515245u + 12345u; arr[i] = (int)(seed >> 8) % 100000; }
    for (int i = 1; i < 3000; i++) {
        int v = arr[i], j = i - 1;
        while (j >= 0 && arr[j] > v) { arr[j + 1] = arr[j]; j--; }
        arr[j + 1] = v;
    }
    unsigned h = 2166136261u;
    for (int i = 0; i < 3000; i++) h = hash(h, arr[i]);
    printf("%d %u %d %d\n", count, h, arr[0], arr[2999]);
    return 0;
}
