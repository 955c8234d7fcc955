#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

/* Returns NULL (and leaves the list untouched) if allocation fails. */
struct node *list_push(struct node *head, int value)
{
    struct node *n = malloc(sizeof(*n));

    if (n == NULL)
        return NULL;
    n->value = value;
    n->next = head;
    return n;
}
