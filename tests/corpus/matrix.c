// Exercises two-dimensional arrays: matrix multiply, transpose, trace and determinant by elimination.
#include <stdio.h>

#define N 6

static void matmul(long c[N][N], long a[N][N], long b[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      long s = 0;
      for (int k = 0; k < N; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

static void transpose(long m[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++) {
      long t = m[i][j];
      m[i][j] = m[j][i];
      m[j][i] = t;
    }
}

static double det(double m[N][N]) {
  double d = 1.0;
  for (int col = 0; col < N; col++) {
    int pivot = col;
    for (int r = col + 1; r < N; r++)
      if ((m[r][col] < 0 ? -m[r][col] : m[r][col]) > (m[pivot][col] < 0 ? -m[pivot][col] : m[pivot][col]))
        pivot = r;
    if (m[pivot][col] == 0.0)
      return 0.0;
    if (pivot != col) {
      for (int k = 0; k < N; k++) {
        double t = m[col][k];
        m[col][k] = m[pivot][k];
        m[pivot][k] = t;
      }
      d = -d;
    }
    d *= m[col][col];
    for (int r = col + 1; r < N; r++) {
      double f = m[r][col] / m[col][col];
      for (int k = col; k < N; k++)
        m[r][k] -= f * m[col][k];
    }
  }
  return d;
}

int main(void) {
  long a[N][N], b[N][N], c[N][N];
  double m[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      a[i][j] = i * N + j - 7;
      b[i][j] = (i == j) ? 2 : (i + 2 * j) % 5 - 2;
      m[i][j] = (double)((i * 7 + j * 3) % 11) - 4.5 + (i == j ? 10.0 : 0.0);
    }
  matmul(c, a, b);
  transpose(c);
  long trace = 0;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      printf("%5ld", c[i][j]);
    printf("\n");
    trace += c[i][i];
  }
  printf("trace = %ld\n", trace);
  printf("det = %.6f\n", det(m));
  return 0;
}
