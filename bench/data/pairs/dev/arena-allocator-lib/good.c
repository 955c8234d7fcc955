/*
 * arena.c - region allocator for request-scoped data in the proxy.
 * Everything allocated from an arena is released at once by arena_reset()
 * or arena_destroy().
 *
 *   struct arena *arena_create(size_t block_size);
 *   void  *arena_alloc(struct arena *a, size_t n);
 *   void  *arena_array(struct arena *a, size_t count, size_t size);
 *   char  *arena_strdup(struct arena *a, const char *s);
 *   void   arena_reset(struct arena *a);
 *   void   arena_destroy(struct arena *a);
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_ALIGN 16

struct arena_block
{
    struct arena_block *next;
    size_t size;   /* usable bytes in data[] */
    size_t used;
    unsigned char data[];
};

struct arena
{
    struct arena_block *head;
    size_t block_size;
};

static struct arena_block *block_new(size_t size)
{
    struct arena_block *b;

    if (size > SIZE_MAX - sizeof *b)
        return NULL;
    b = malloc(sizeof *b + size);
    if (b == NULL)
        return NULL;
    b->next = NULL;
    b->size = size;
    b->used = 0;
    return b;
}

struct arena *arena_create(size_t block_size)
{
    struct arena *a = malloc(sizeof *a);

    if (a == NULL)
        return NULL;
    a->head = NULL;
    a->block_size = block_size < 1024 ? 1024 : block_size;
    return a;
}

void *arena_alloc(struct arena *a, size_t n)
{
    struct arena_block *b;
    void *p;

    if (a == NULL || n == 0 || n > SIZE_MAX - (ARENA_ALIGN - 1))
        return NULL;
    n = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);

    b = a->head;
    if (b == NULL || b->size - b->used < n)
    {
        /* start a new block; oversized requests get a block of their own */
        b = block_new(n > a->block_size ? n : a->block_size);
        if (b == NULL)
            return NULL;
        b->next = a->head;
        a->head = b;
    }
    p = b->data + b->used;
    b->used += n;
    return p;
}

/* Zeroed storage for COUNT objects of SIZE bytes each. */
void *arena_array(struct arena *a, size_t count, size_t size)
{
    size_t total;
    void *p;

    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    total = count * size;
    p = arena_alloc(a, total);
    if (p != NULL)
        memset(p, 0, total);
    return p;
}

char *arena_strdup(struct arena *a, const char *s)
{
    size_t len;
    char *p;

    if (s == NULL)
        return NULL;
    len = strlen(s) + 1;
    p = arena_alloc(a, len);
    if (p != NULL)
        memcpy(p, s, len);
    return p;
}

/* Free everything but keep the newest block for reuse. */
void arena_reset(struct arena *a)
{
    struct arena_block *b, *next;

    if (a == NULL || a->head == NULL)
        return;
    for (b = a->head->next; b != NULL; b = next)
    {
        next = b->next;
        free(b);
    }
    a->head->next = NULL;
    a->head->used = 0;
}

void arena_destroy(struct arena *a)
{
    struct arena_block *b, *next;

    if (a == NULL)
        return;
    for (b = a->head; b != NULL; b = next)
    {
        next = b->next;
        free(b);
    }
    free(a);
}
