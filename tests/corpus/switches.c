// Exercises switch statements: dense (jump table), sparse, fallthrough and default.
#include <stdio.h>

static const char *day(int d) {
  switch (d) {
  case 0: return "sun";
  case 1: return "mon";
  case 2: return "tue";
  case 3: return "wed";
  case 4: return "thu";
  case 5: return "fri";
  case 6: return "sat";
  default: return "???";
  }
}

static int sparse(int x) {
  int r = 0;
  switch (x) {
  case -1000: r = 1; break;
  case 7: r = 2; break;
  case 4096: r = 3; break;
  case 65537: r = 4; break;
  case 123456789: r = 5; break;
  default: r = -x % 7; break;
  }
  return r;
}

static int fallthrough(int n) {
  int acc = 0;
  switch (n) {
  case 5: acc += 5; /* fall through */
  case 4: acc += 4; /* fall through */
  case 3: acc += 3;
    break;
  case 2: acc += 20; /* fall through */
  default: acc += 100;
  }
  return acc;
}

static int loop_switch(int n) {
  int state = 0, out = 0;
  for (int i = 0; i < n; i++) {
    switch (state) {
    case 0: out += 1; state = 2; break;
    case 1: out *= 2; state = 0; break;
    case 2: out -= 3; state = (out & 1) ? 1 : 3; break;
    case 3: if (out < 0) { out = -out; continue; } state = 1; break;
    }
    out += state;
  }
  return out;
}

int main(void) {
  for (int d = -1; d < 8; d++)
    printf("%d:%s ", d, day(d));
  printf("\n");
  int xs[] = {-1000, 7, 4096, 65537, 123456789, 8, -15};
  for (int i = 0; i < 7; i++)
    printf("sparse(%d) = %d\n", xs[i], sparse(xs[i]));
  for (int n = 0; n < 7; n++)
    printf("fall(%d) = %d\n", n, fallthrough(n));
  printf("loop_switch = %d\n", loop_switch(50));
  return 0;
}
