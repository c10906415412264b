#include <stdio.h>
#include <string.h>
/* globals with initialisers (pointers to globals, structs, strings), recursion, function pointers, memcpy/memset */
struct pt { int x; short y; char tag; long z; };
struct pt pts[3] = {{1, 2, 'a', 3}, {4, -5, 'b', 6}, {7, 8, 'c', -9}};
int counter;
const char *names[] = {"zero", "one", "two"};
int *pcounter = &counter;
struct pt *second = &pts[1];
static unsigned long long big = 0xfedcba9876543210ULL;
static int ack(int m, int n) { counter++; return m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1)); }
static int twice(int (*f)(int), int x) { return f(f(x)); }
static int inc(int x) { return x + 1; }
static int sq(int x) { return x * x; }
int main(void) {
    printf("%d %d\n", ack(2, 3), *pcounter);
    printf("%d %d %c %ld %s\n", second->x, second->y, pts[2].tag, pts[2].z, names[2]);
    int (*fs[2])(int) = {inc, sq};
    for (int i = 0; i < 2; i++) printf("%d ", twice(fs[i], 3));
    printf("%llx\n", big >> 4);
    char buf[32]; memset(buf, 'x', sizeof buf); buf[31] = 0;
    memcpy(buf, "hello", 5);
    struct pt copy = pts[0]; copy.z += 100; pts[0] = copy;
    printf("%s %zu %ld\n", buf, strlen(buf), pts[0].z);
    return counter % 256;
}
