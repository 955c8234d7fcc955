/* a growable list of strings used by the option parser */
#include <stdlib.h>
#include <string.h>

struct strlist {
    char **items;
    size_t len, cap;
};

static struct strlist *last_list;

struct strlist *strlist_new(void)
{
    struct strlist *l = calloc(1, sizeof *l);
    if (l == NULL)
        return NULL;
    last_list = l;
    return l;
}

int strlist_add(struct strlist *l, const char *s)
{
    char *copy = strdup(s);
    if (copy == NULL)
        return -1;
    if (l->len == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        char **items = realloc(l->items, cap * sizeof *items);
        if (items == NULL) {
            free(copy);
            return -1;
        }
        l->items = items;
        l->cap = cap;
    }
    l->items[l->len++] = copy;
    return 0;
}

int strlist_take(struct strlist *l, size_t i, char **out)
{
    if (i >= l->len)
        return -1;
    *out = strdup(l->items[i]);
    return *out == NULL ? -1 : 0;
}
