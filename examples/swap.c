/* The seed's swap loop (lesson 16.4, section 7): five allocas become three phis. */
int fib(int n) {
  int a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    int t = a;
    a = b;
    b = t + b;
  }
  return a;
}
