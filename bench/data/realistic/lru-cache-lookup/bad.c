/*
 * dnscache - a small fixed-size LRU cache of host -> address strings.
 * Lines on stdin are "put HOST ADDR" or "get HOST"; the least recently
 * used entry is evicted when the cache is full.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_MAX 4
#define NAME_LEN 64

struct entry {
    struct entry *prev, *next;
    char host[NAME_LEN];
    char addr[NAME_LEN];
};

struct cache {
    struct entry *head, *tail;
    size_t count;
};

static void unlink_entry(struct cache *c, struct entry *e)
{
    if (e->prev) e->prev->next = e->next; else c->head = e->next;
    if (e->next) e->next->prev = e->prev; else c->tail = e->prev;
    e->prev = e->next = NULL;
    c->count--;
}

static void push_front(struct cache *c, struct entry *e)
{
    e->prev = NULL;
    e->next = c->head;
    if (c->head) c->head->prev = e;
    c->head = e;
    if (!c->tail) c->tail = e;
    c->count++;
}

static struct entry *find(struct cache *c, const char *host)
{
    for (struct entry *e = c->head; e; e = e->next)
        if (strcmp(e->host, host) == 0)
            return e;
    return NULL;
}

static int put(struct cache *c, const char *host, const char *addr)
{
    struct entry *e = find(c, host);
    if (e) {
        unlink_entry(c, e);
    } else {
        if (c->count == CACHE_MAX) {
            struct entry *old = c->tail;
            unlink_entry(c, old);
            free(old);
            printf("evicted %s\n", old->host); /* FLAW: CWE-416 */
        }
        e = calloc(1, sizeof *e);
        if (!e)
            return -1;
        snprintf(e->host, sizeof e->host, "%s", host);
    }
    snprintf(e->addr, sizeof e->addr, "%s", addr);
    push_front(c, e);
    return 0;
}

int main(void)
{
    struct cache c = { NULL, NULL, 0 };
    char line[256], host[NAME_LEN], addr[NAME_LEN];

    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "put %63s %63s", host, addr) == 2) {
            if (put(&c, host, addr) != 0)
                break;
        } else if (sscanf(line, "get %63s", host) == 1) {
            struct entry *e = find(&c, host);
            if (e) {
                unlink_entry(&c, e);
                push_front(&c, e);
                printf("%s %s\n", e->host, e->addr);
            } else {
                printf("%s miss\n", host);
            }
        }
    }
    while (c.head) {
        struct entry *e = c.head;
        unlink_entry(&c, e);
        free(e);
    }
    return 0;
}
