// Exercises a nonzero exit status returned from main, computed through a loop and a phi.
#include <stdio.h>

static int checksum(const char *s) {
  int h = 0;
  for (; *s; s++)
    h = (h * 7 + *s) % 251;
  return h;
}

int main(void) {
  int h = checksum("exit status test");
  printf("checksum = %d\n", h);
  int status = h % 5 + 3;
  if (h > 1000)
    status = 99;
  printf("returning %d\n", status);
  return status;
}
