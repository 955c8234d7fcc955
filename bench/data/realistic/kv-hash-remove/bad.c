/* kvtab.c - chained hash table of string keys and heap values (library) */
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 64

struct kv_node {
    struct kv_node *next;
    char *key;
    char *val;
};

struct kvtab {
    struct kv_node *b[NBUCKETS];
};

static unsigned hash(const char *s)
{
    unsigned h = 5381;
    while (*s)
        h = h * 33u + (unsigned char)*s++;
    return h % NBUCKETS;
}

struct kvtab *kv_new(void)
{
    return calloc(1, sizeof(struct kvtab));
}

int kv_set(struct kvtab *t, const char *key, const char *val)
{
    unsigned h = hash(key);
    struct kv_node *n = malloc(sizeof *n);
    if (n == NULL)
        return -1;
    n->key = strdup(key);
    n->val = strdup(val);
    if (n->key == NULL || n->val == NULL) {
        free(n->key);
        free(n->val);
        free(n);
        return -1;
    }
    n->next = t->b[h];
    t->b[h] = n;
    return 0;
}

/* Removes KEY; the value is handed back to the caller, who owns it. */
char *kv_take(struct kvtab *t, const char *key)
{
    struct kv_node **pp = &t->b[hash(key)];
    while (*pp) {
        struct kv_node *n = *pp;
        if (strcmp(n->key, key) == 0) {
            char *val = n->val;
            *pp = n->next;
            free(n->key);
            free(n->val);
            free(n);
            return val;
        }
        pp = &n->next;
    }
    return NULL;
}

int kv_rename(struct kvtab *t, const char *from, const char *to)
{
    char *val = kv_take(t, from);
    int rc;
    if (val == NULL)
        return -1;
    rc = kv_set(t, to, val); /* FLAW: CWE-416 */
    free(val); /* FLAW: CWE-415 */
    return rc;
}

void kv_free(struct kvtab *t)
{
    for (size_t i = 0; i < NBUCKETS; i++) {
        struct kv_node *n = t->b[i];
        while (n) {
            struct kv_node *next = n->next;
            free(n->key);
            free(n->val);
            free(n);
            n = next;
        }
    }
    free(t);
}
