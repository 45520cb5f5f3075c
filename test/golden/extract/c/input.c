#include <stdio.h>
#include "list.h"

#define CAPACITY 16

/* A singly linked list node. */
struct node {
  int value;
  struct node *next;
};

union number { int i; double d; };

typedef enum { OK, FAILED } status;

typedef int (*compare_fn)(const void *, const void *);

static int count_nodes(const struct node *head) {
  int n = 0;
  for (; head != NULL; head = head->next) n++;
  return n;
}

// Prints the list.
void print_list(struct node *head) {
  printf("%d\n", count_nodes(head));
  list_free(head->next);
  ops.visit(head);
}

int broken(int x {
  return helper(x);
}
