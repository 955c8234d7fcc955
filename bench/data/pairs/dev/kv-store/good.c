/*
 * kv.c - small in-memory key/value store with case-insensitive keys,
 * used for HTTP-style header tables and command-line option sets.
 *
 *   struct kv  *kv_new(void);
 *   void        kv_free(struct kv *kv);
 *   int         kv_put(struct kv *kv, const char *key, const char *val);
 *   const char *kv_get(const struct kv *kv, const char *key);
 *   int         kv_del(struct kv *kv, const char *key);
 *   size_t      kv_count(const struct kv *kv);
 *
 * Keys are stored lower-cased; values are copied.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define KV_BUCKETS 64
#define KV_KEY_MAX 64   /* including the terminating NUL */

struct kv_entry
{
    struct kv_entry *next;
    char *key;
    char *val;
};

struct kv
{
    struct kv_entry *buckets[KV_BUCKETS];
    size_t count;
};

/* FNV-1a */
static unsigned long hash_key(const char *s)
{
    unsigned long h = 2166136261UL;

    while (*s)
    {
        h ^= (unsigned char)*s++;
        h *= 16777619UL;
    }
    return h;
}

/* Lower-case KEY into NORM (KV_KEY_MAX bytes).  Empty keys and keys that
   do not fit are rejected. */
static int normalize_key(const char *key, char *norm)
{
    size_t i;

    if (key == NULL || *key == '\0' || strlen(key) >= KV_KEY_MAX)
        return -1;
    for (i = 0; key[i] != '\0'; i++)
        norm[i] = (char)tolower((unsigned char)key[i]);
    norm[i] = '\0';
    return 0;
}

static struct kv_entry **find_slot(const struct kv *kv, const char *norm)
{
    struct kv_entry *const *pp = &kv->buckets[hash_key(norm) % KV_BUCKETS];

    while (*pp != NULL && strcmp((*pp)->key, norm) != 0)
        pp = &(*pp)->next;
    return (struct kv_entry **)pp;
}

struct kv *kv_new(void)
{
    return calloc(1, sizeof(struct kv));
}

void kv_free(struct kv *kv)
{
    size_t i;

    if (kv == NULL)
        return;
    for (i = 0; i < KV_BUCKETS; i++)
    {
        struct kv_entry *e = kv->buckets[i];
        while (e != NULL)
        {
            struct kv_entry *next = e->next;
            free(e->key);
            free(e->val);
            free(e);
            e = next;
        }
    }
    free(kv);
}

int kv_put(struct kv *kv, const char *key, const char *val)
{
    char norm[KV_KEY_MAX];
    struct kv_entry **slot;
    struct kv_entry *e;
    char *copy;

    if (kv == NULL || val == NULL || normalize_key(key, norm) < 0)
        return -1;
    copy = strdup(val);
    if (copy == NULL)
        return -1;

    slot = find_slot(kv, norm);
    if (*slot != NULL)
    {
        /* replace the value of an existing key */
        free((*slot)->val);
        (*slot)->val = copy;
        return 0;
    }

    e = malloc(sizeof *e);
    if (e == NULL || (e->key = strdup(norm)) == NULL)
    {
        free(e);
        free(copy);
        return -1;
    }
    e->val = copy;
    e->next = NULL;
    *slot = e;
    kv->count++;
    return 0;
}

const char *kv_get(const struct kv *kv, const char *key)
{
    char norm[KV_KEY_MAX];
    struct kv_entry **slot;

    if (kv == NULL || normalize_key(key, norm) < 0)
        return NULL;
    slot = find_slot(kv, norm);
    return *slot != NULL ? (*slot)->val : NULL;
}

int kv_del(struct kv *kv, const char *key)
{
    char norm[KV_KEY_MAX];
    struct kv_entry **slot;
    struct kv_entry *e;

    if (kv == NULL || normalize_key(key, norm) < 0)
        return -1;
    slot = find_slot(kv, norm);
    if (*slot == NULL)
        return -1;
    e = *slot;
    *slot = e->next;
    free(e->key);
    free(e->val);
    free(e);
    kv->count--;
    return 0;
}

size_t kv_count(const struct kv *kv)
{
    return kv != NULL ? kv->count : 0;
}
