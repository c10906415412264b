// Exercises arrays: insertion sort, bubble sort, binary search and prefix sums.
#include <stdio.h>

static void insertion_sort(int *a, int n) {
  for (int i = 1; i < n; i++) {
    int key = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > key) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = key;
  }
}

static void bubble_sort(int *a, int n) {
  int swapped;
  do {
    swapped = 0;
    for (int i = 1; i < n; i++)
      if (a[i - 1] > a[i]) {
        int t = a[i - 1];
        a[i - 1] = a[i];
        a[i] = t;
        swapped = 1;
      }
    n--;
  } while (swapped);
}

static int bsearch_idx(const int *a, int n, int key) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key)
      return mid;
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

int main(void) {
  int a[32], b[32];
  unsigned seed = 12345;
  for (int i = 0; i < 32; i++) {
    seed = seed * 1103515245u + 12345u;
    a[i] = b[i] = (int)((seed >> 16) % 1000);
  }
  insertion_sort(a, 32);
  bubble_sort(b, 32);
  for (int i = 0; i < 32; i++) {
    printf("%d ", a[i]);
    if (a[i] != b[i])
      printf("MISMATCH ");
  }
  printf("\n");
  printf("find %d -> %d, find 1001 -> %d\n", a[17], bsearch_idx(a, 32, a[17]), bsearch_idx(a, 32, 1001));
  long prefix[33];
  prefix[0] = 0;
  for (int i = 0; i < 32; i++)
    prefix[i + 1] = prefix[i] + a[i];
  printf("sum[5..20) = %ld, total = %ld\n", prefix[20] - prefix[5], prefix[32]);
  return 0;
}
