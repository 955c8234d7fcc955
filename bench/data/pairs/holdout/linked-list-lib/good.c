/*
 * list.c - doubly linked list of opaque pointers, used for timers and
 * pending requests.
 *
 *   struct list *list_new(void (*free_item)(void *));
 *   int    list_push_back(struct list *l, void *item);
 *   void  *list_pop_front(struct list *l);
 *   size_t list_remove_if(struct list *l,
 *                         int (*pred)(const void *item, void *ctx), void *ctx);
 *   void   list_foreach(struct list *l, void (*fn)(void *item, void *ctx),
 *                       void *ctx);
 *   size_t list_size(const struct list *l);
 *   void   list_destroy(struct list *l);
 */
#include <stddef.h>
#include <stdlib.h>

struct node
{
    struct node *prev;
    struct node *next;
    void *item;
};

struct list
{
    struct node *head;
    struct node *tail;
    size_t size;
    void (*free_item)(void *);
};

struct list *list_new(void (*free_item)(void *))
{
    struct list *l = calloc(1, sizeof *l);

    if (l != NULL)
        l->free_item = free_item;
    return l;
}

int list_push_back(struct list *l, void *item)
{
    struct node *n;

    if (l == NULL || (n = malloc(sizeof *n)) == NULL)
        return -1;
    n->item = item;
    n->next = NULL;
    n->prev = l->tail;
    if (l->tail != NULL)
        l->tail->next = n;
    else
        l->head = n;
    l->tail = n;
    l->size++;
    return 0;
}

static void unlink_node(struct list *l, struct node *n)
{
    if (n->prev != NULL)
        n->prev->next = n->next;
    else
        l->head = n->next;
    if (n->next != NULL)
        n->next->prev = n->prev;
    else
        l->tail = n->prev;
    l->size--;
}

void *list_pop_front(struct list *l)
{
    struct node *n;
    void *item;

    if (l == NULL || (n = l->head) == NULL)
        return NULL;
    unlink_node(l, n);
    item = n->item;
    free(n);
    return item;
}

/* Remove (and release) every item for which PRED returns non-zero. */
size_t list_remove_if(struct list *l, int (*pred)(const void *item, void *ctx),
                      void *ctx)
{
    struct node *n, *next;
    size_t removed = 0;

    if (l == NULL || pred == NULL)
        return 0;
    for (n = l->head; n != NULL; n = next)
    {
        next = n->next;
        if (!pred(n->item, ctx))
            continue;
        unlink_node(l, n);
        if (l->free_item != NULL)
            l->free_item(n->item);
        free(n);
        removed++;
    }
    return removed;
}

void list_foreach(struct list *l, void (*fn)(void *item, void *ctx), void *ctx)
{
    struct node *n;

    if (l == NULL || fn == NULL)
        return;
    for (n = l->head; n != NULL; n = n->next)
        fn(n->item, ctx);
}

size_t list_size(const struct list *l)
{
    return l != NULL ? l->size : 0;
}

void list_destroy(struct list *l)
{
    struct node *n, *next;

    if (l == NULL)
        return;
    for (n = l->head; n != NULL; n = next)
    {
        next = n->next;
        if (l->free_item != NULL)
            l->free_item(n->item);
        free(n);
    }
    free(l);
}
