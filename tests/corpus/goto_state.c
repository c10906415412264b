// Exercises goto: a state machine over a string, cleanup-style error exits and backward gotos.
#include <stdio.h>

/* Counts words and numbers in a string with an explicit goto state machine. */
static void scan(const char *s, int *words, int *numbers) {
  int w = 0, n = 0;
  const char *p = s;
start:
  if (*p == 0) goto done;
  if (*p >= '0' && *p <= '9') goto in_number;
  if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) goto in_word;
  p++;
  goto start;
in_number:
  n++;
  while (*p >= '0' && *p <= '9') p++;
  goto start;
in_word:
  w++;
  while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) p++;
  goto start;
done:
  *words = w;
  *numbers = n;
}

static int resources_acquired;

static int acquire(int id, int fail_at) {
  if (id == fail_at) return 0;
  resources_acquired++;
  return 1;
}

static int cleanup_chain(int fail_at) {
  int status = -1;
  if (!acquire(1, fail_at)) goto out;
  if (!acquire(2, fail_at)) goto release1;
  if (!acquire(3, fail_at)) goto release2;
  status = 0;
  resources_acquired -= 3;
  goto out;
release2:
  resources_acquired--;
release1:
  resources_acquired--;
out:
  return status * 10 + resources_acquired;
}

static int backward(int n) {
  int i = 0, acc = 1;
again:
  acc = (acc * 3 + i) % 1009;
  if (++i < n) goto again;
  return acc;
}

int main(void) {
  int w, n;
  scan("The 3 quick foxes jumped over 12 lazy dogs 7 times!", &w, &n);
  printf("words = %d numbers = %d\n", w, n);
  for (int f = 0; f <= 4; f++)
    printf("cleanup(%d) = %d\n", f, cleanup_chain(f));
  printf("backward = %d\n", backward(100));
  return 0;
}
