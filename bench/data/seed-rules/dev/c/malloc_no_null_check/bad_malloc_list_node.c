#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

struct node *list_push(struct node *head, int value)
{
    struct node *n = malloc(sizeof(*n));

    n->value = value; /* FLAW: malloc_no_null_check */
    n->next = head;
    return n;
}

void list_free(struct node *head)
{
    while (head != NULL) {
        struct node *next = head->next;
        free(head);
        head = next;
    }
}
