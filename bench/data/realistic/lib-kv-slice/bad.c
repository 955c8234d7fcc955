/*
 * kvslice: splits "key=value" records held in caller-owned byte slices.
 * Library code (no main); keys are copied into a small fixed field so the
 * lookup table can be sorted without chasing pointers.
 */
#include <stddef.h>
#include <string.h>

#define KEY_MAX 32

struct slice {
    const char *data;
    size_t len;
};

struct kv_entry {
    char key[KEY_MAX];
    struct slice value;
};

static const char *find_eq(const struct slice *s)
{
    return memchr(s->data, '=', s->len);
}

/* Fills *out from one record. Returns 0 on success, -1 when there is no '='. */
int kv_parse(const struct slice *rec, struct kv_entry *out)
{
    const char *eq = find_eq(rec);
    size_t klen;

    if (eq == NULL)
        return -1;
    klen = (size_t)(eq - rec->data);
    memcpy(out->key, rec->data, klen); /* FLAW: CWE-787 */
    out->key[klen] = '\0'; /* FLAW: CWE-787 */
    out->value.data = eq + 1;
    out->value.len = rec->len - klen - 1;
    return 0;
}

/* Parses up to max records; returns how many entries were filled. */
size_t kv_parse_all(const struct slice *recs, size_t n, struct kv_entry *tab, size_t max)
{
    size_t used = 0;

    for (size_t i = 0; i < n && used < max; i++) {
        if (kv_parse(&recs[i], &tab[used]) == 0)
            used++;
    }
    return used;
}

const struct kv_entry *kv_find(const struct kv_entry *tab, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(tab[i].key, key) == 0)
            return &tab[i];
    return NULL;
}
