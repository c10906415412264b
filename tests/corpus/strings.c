// Exercises char arrays: length, reverse in place, palindromes, word counting and a tiny itoa.
#include <stdio.h>

static int my_strlen(const char *s) {
  int n = 0;
  while (s[n] != '\0')
    n++;
  return n;
}

static void reverse(char *s) {
  int i = 0, j = my_strlen(s) - 1;
  while (i < j) {
    char t = s[i];
    s[i] = s[j];
    s[j] = t;
    i++;
    j--;
  }
}

static int is_palindrome(const char *s) {
  int n = my_strlen(s);
  for (int i = 0; i < n / 2; i++)
    if (s[i] != s[n - 1 - i])
      return 0;
  return 1;
}

static void itoa10(int v, char *out) {
  char tmp[16];
  int n = 0, neg = v < 0;
  unsigned u = neg ? 0u - (unsigned)v : (unsigned)v;
  do {
    tmp[n++] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  int k = 0;
  if (neg)
    out[k++] = '-';
  while (n)
    out[k++] = tmp[--n];
  out[k] = '\0';
}

static void caesar(char *s, int shift) {
  for (; *s; s++) {
    if (*s >= 'a' && *s <= 'z')
      *s = (char)('a' + (*s - 'a' + shift) % 26);
    else if (*s >= 'A' && *s <= 'Z')
      *s = (char)('A' + (*s - 'A' + shift) % 26);
  }
}

int main(void) {
  char buf[64] = "Hello, Pebble world";
  printf("len = %d\n", my_strlen(buf));
  reverse(buf);
  printf("reversed = %s\n", buf);
  const char *cands[] = {"racecar", "pebble", "abba", "a", ""};
  for (int i = 0; i < 5; i++)
    printf("'%s' palindrome: %d\n", cands[i], is_palindrome(cands[i]));
  char num[16];
  int vals[] = {0, 7, -42, 2147483647, -2147483647 - 1};
  for (int i = 0; i < 5; i++) {
    itoa10(vals[i], num);
    printf("itoa: %s\n", num);
  }
  char msg[] = "Attack at Dawn";
  caesar(msg, 13);
  printf("rot13: %s\n", msg);
  caesar(msg, 13);
  printf("back: %s\n", msg);
  return 0;
}
