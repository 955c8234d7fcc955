/*
 * lru_cache - simulate a small LRU cache of page numbers read from stdin
 * and report the hit ratio. The least recently used page is evicted
 * when the cache is full.
 */
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_CAPACITY 4

typedef struct entry {
    long page;
    struct entry *prev, *next;
} entry;

typedef struct {
    entry *head, *tail;   /* head = most recently used */
    size_t size, capacity;
} lru;

static void unlink_entry(lru *c, entry *e)
{
    if (e->prev) e->prev->next = e->next; else c->head = e->next;
    if (e->next) e->next->prev = e->prev; else c->tail = e->prev;
    e->prev = e->next = NULL;
    c->size--;
}

static void push_front(lru *c, entry *e)
{
    e->prev = NULL;
    e->next = c->head;
    if (c->head) c->head->prev = e; else c->tail = e;
    c->head = e;
    c->size++;
}

/* Returns 1 on hit, 0 on miss, -1 on allocation failure. */
static int lru_access(lru *c, long page)
{
    entry *e;

    for (e = c->head; e; e = e->next) {
        if (e->page == page) {
            unlink_entry(c, e);
            push_front(c, e);
            return 1;
        }
    }
    if (c->size == c->capacity) {
        entry *victim = c->tail;
        unlink_entry(c, victim);
        printf("evict %ld\n", victim->page);
        free(victim);
    }
    e = malloc(sizeof *e);
    if (!e)
        return -1;
    e->page = page;
    push_front(c, e);
    return 0;
}

int main(int argc, char **argv)
{
    lru c = { NULL, NULL, 0, DEFAULT_CAPACITY };
    long page;
    unsigned long hits = 0, total = 0;

    if (argc > 1) {
        long cap = strtol(argv[1], NULL, 10);
        if (cap < 1 || cap > 1024) {
            fprintf(stderr, "capacity must be 1..1024\n");
            return 1;
        }
        c.capacity = (size_t)cap;
    }
    while (scanf("%ld", &page) == 1) {
        int r = lru_access(&c, page);
        if (r < 0) {
            perror("malloc");
            break;
        }
        hits += (unsigned long)r;
        total++;
    }
    if (total)
        printf("%lu/%lu hits (%.1f%%)\n", hits, total, 100.0 * hits / total);
    while (c.head) {
        entry *e = c.head;
        unlink_entry(&c, e);
        free(e);
    }
    return 0;
}
