/*
 * resolver_cache.c - resolves many host names concurrently, sharing a
 * lazily created cache of earlier answers between the worker threads.
 *
 * usage: resolver_cache HOST...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <netdb.h>
#include <arpa/inet.h>

#define CACHE_SLOTS 64
#define NTHREADS 4

typedef struct {
    pthread_mutex_t lock;
    char name[CACHE_SLOTS][256];
    char addr[CACHE_SLOTS][INET6_ADDRSTRLEN];
    int used;
} dns_cache;

static dns_cache *cache;        /* created on first use */

static dns_cache *get_cache(void)
{
    if (cache == NULL) { /* FLAW: CWE-362 */
        dns_cache *c = calloc(1, sizeof *c);
        if (c == NULL)
            return NULL;
        pthread_mutex_init(&c->lock, NULL);
        cache = c; /* FLAW: CWE-362 */
    }
    return cache;
}

static int lookup(const char *host, char *out, size_t cap)
{
    dns_cache *c = get_cache();
    struct addrinfo hints = { .ai_family = AF_UNSPEC }, *ai;
    int i;

    if (c == NULL)
        return -1;
    pthread_mutex_lock(&c->lock);
    for (i = 0; i < c->used; i++)
        if (strcmp(c->name[i], host) == 0) {
            snprintf(out, cap, "%s (cached)", c->addr[i]);
            pthread_mutex_unlock(&c->lock);
            return 0;
        }
    pthread_mutex_unlock(&c->lock);

    if (getaddrinfo(host, NULL, &hints, &ai) != 0)
        return -1;
    getnameinfo(ai->ai_addr, ai->ai_addrlen, out, (socklen_t)cap, NULL, 0, NI_NUMERICHOST);
    freeaddrinfo(ai);

    pthread_mutex_lock(&c->lock);
    if (c->used < CACHE_SLOTS) {
        snprintf(c->name[c->used], sizeof c->name[0], "%s", host);
        snprintf(c->addr[c->used], sizeof c->addr[0], "%s", out);
        c->used++;
    }
    pthread_mutex_unlock(&c->lock);
    return 0;
}

struct work { char **hosts; int n, start; };

static void *resolve_some(void *arg)
{
    struct work *w = arg;
    char addr[INET6_ADDRSTRLEN + 16];

    for (int i = w->start; i < w->n; i += NTHREADS) {
        if (lookup(w->hosts[i], addr, sizeof addr) == 0)
            printf("%-40s %s\n", w->hosts[i], addr);
        else
            printf("%-40s (unresolved)\n", w->hosts[i]);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t th[NTHREADS];
    struct work w[NTHREADS];

    int started = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s HOST...\n", argv[0]);
        return 2;
    }
    for (int t = 0; t < NTHREADS; t++) {
        w[t] = (struct work){ argv + 1, argc - 1, t };
        if (pthread_create(&th[started], NULL, resolve_some, &w[t]) != 0) {
            perror("pthread_create");
            break;
        }
        started++;
    }
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    return 0;
}
