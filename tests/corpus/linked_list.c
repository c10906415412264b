// Exercises pointer-linked structures in a local array: build, reverse, merge sorted lists.
#include <stdio.h>
#include <stddef.h>

struct node {
  int value;
  struct node *next;
};

static struct node *reverse(struct node *head) {
  struct node *prev = NULL;
  while (head) {
    struct node *next = head->next;
    head->next = prev;
    prev = head;
    head = next;
  }
  return prev;
}

static struct node *merge(struct node *a, struct node *b) {
  struct node dummy;
  struct node *tail = &dummy;
  dummy.next = NULL;
  while (a && b) {
    if (a->value <= b->value) {
      tail->next = a;
      a = a->next;
    } else {
      tail->next = b;
      b = b->next;
    }
    tail = tail->next;
  }
  tail->next = a ? a : b;
  return dummy.next;
}

static void print(const char *label, const struct node *n) {
  printf("%s:", label);
  for (; n; n = n->next)
    printf(" %d", n->value);
  printf("\n");
}

int main(void) {
  struct node pool[20];
  struct node *odds = NULL, *evens = NULL;
  for (int i = 9; i >= 0; i--) {
    pool[i].value = 2 * i + 1;
    pool[i].next = odds;
    odds = &pool[i];
    pool[10 + i].value = 3 * i;
    pool[10 + i].next = evens;
    evens = &pool[10 + i];
  }
  print("odds", odds);
  print("threes", evens);
  struct node *m = merge(odds, evens);
  print("merged", m);
  m = reverse(m);
  print("reversed", m);
  return 0;
}
