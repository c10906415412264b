// Exercises early returns from loops and nested conditions, including values live across them.
#include <stdio.h>

static int find_first_square_above(int limit) {
  for (int i = 0;; i++) {
    int sq = i * i;
    if (sq > limit)
      return i;
  }
}

static int validate(int a, int b, int c) {
  int score = 0;
  if (a < 0)
    return -1;
  score += a;
  if (b < a)
    return -2;
  score += b;
  for (int i = 0; i < c; i++) {
    if (score > 100)
      return score;
    score += i;
  }
  if (c == 0)
    return 0;
  return score * 2;
}

static const char *first_vowel(const char *s) {
  while (*s) {
    switch (*s) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
      return s;
    }
    s++;
  }
  return "none";
}

int main(void) {
  printf("%d %d %d\n", find_first_square_above(0), find_first_square_above(50), find_first_square_above(1000));
  printf("%d %d %d %d %d\n", validate(-1, 0, 0), validate(5, 2, 3), validate(5, 10, 0), validate(5, 10, 4), validate(50, 60, 10));
  printf("%s|%s\n", first_vowel("rhythm and blues"), first_vowel("xyz"));
  return 0;
}
