int nested(int n, int m) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      if ((i + j) % 3 == 0)
        continue;
      if (j > 10)
        break;
      s += i * j;
    }
  }
  return s;
}

int sw(int k, int x) {
  int r = 1;
  switch (k) {
  case 0:
    r = x;
  case 1:
    r += 2;
    break;
  case 2:
  case 3:
    r = x * 2;
    break;
  default:
    r = -x;
  }
  return r;
}

int dowhile(int n) {
  int a = 0, b = 1, c;
  do {
    c = a + b;
    a = b;
    b = c;
    n--;
  } while (n > 0);
  return c;
}

int shortcircuit(int a, int b, int c) {
  int r = 0;
  if (a > 0 && (b > 0 || c > 0))
    r = a ? b : c;
  while (r < 100 && a != 0) {
    r = r * 2 + (b > c ? 1 : 0);
    if (r == 42)
      goto out;
  }
  r = -r;
out:
  return r;
}

int maybe_uninit(int c) {
  int x;
  if (c)
    x = 1;
  return x;
}

int collatz(int n) {
  int steps = 0;
  while (n != 1) {
    if (n % 2)
      n = 3 * n + 1;
    else
      n /= 2;
    steps++;
  }
  return steps;
}
