#include <stdio.h>
/* integer and double matrix multiply: loops, array indexing, register pressure */
#define N 90
static long a[N][N], b[N][N], c[N][N];
static double x[N][N], y[N][N], z[N][N];
int main(void) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 7 + j * 3) % 11 - 5; b[i][j] = (i ^ j) % 13;
            x[i][j] = (i + 1) * 0.5 - j * 0.25; y[i][j] = 1.0 / (i + j + 1);
        }
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                long s = 0; double t = 0;
                for (int k = 0; k < N; k++) { s += a[i][k] * b[k][j]; t += x[i][k] * y[k][j]; }
                c[i][j] = s + r; z[i][j] = t;
            }
    long cs = 0; double ts = 0;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { cs += c[i][j] * (i + 1); ts += z[i][j]; }
    printf("%ld %.6f\n", cs, ts);
    return 0;
}
