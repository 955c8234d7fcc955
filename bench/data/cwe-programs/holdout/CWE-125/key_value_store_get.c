/*
 * key_value_store_get - tiny key/value store loaded from a "key=value"
 * file. Entries can be listed or fetched by position:
 *
 *   key_value_store_get store.txt list
 *   key_value_store_get store.txt get 3
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char key[32];
    char value[96];
} kv_entry;

typedef struct {
    kv_entry *entries;
    int count;
} kv_store;

static int kv_load(kv_store *st, FILE *fp)
{
    char line[160];
    int cap = 0;

    st->entries = NULL;
    st->count = 0;
    while (fgets(line, sizeof line, fp)) {
        kv_entry e;
        if (sscanf(line, "%31[^=]=%95[^\n]", e.key, e.value) != 2)
            continue;
        if (st->count == cap) {
            int ncap = cap ? cap * 2 : 8;
            kv_entry *p = realloc(st->entries, (size_t)ncap * sizeof *p);
            if (!p)
                return -1;
            st->entries = p;
            cap = ncap;
        }
        st->entries[st->count++] = e;
    }
    /* give back the unused tail of the array */
    if (st->count > 0 && st->count < cap) {
        kv_entry *p = realloc(st->entries, (size_t)st->count * sizeof *p);
        if (p)
            st->entries = p;
    }
    return 0;
}

static const kv_entry *kv_at(const kv_store *st, int idx)
{
    if (idx < 0 || idx > st->count)
        return NULL;
    return &st->entries[idx];
}

int main(int argc, char **argv)
{
    kv_store st;
    FILE *fp;
    int rc = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s FILE list|get N\n", argv[0]);
        return 2;
    }
    if (!(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    if (kv_load(&st, fp) != 0) {
        fprintf(stderr, "out of memory\n");
        fclose(fp);
        free(st.entries);
        return 1;
    }
    fclose(fp);
    if (st.count == 0) {
        fprintf(stderr, "%s: store is empty\n", argv[1]);
        return 1;
    }

    if (strcmp(argv[2], "list") == 0) {
        for (int i = 0; i < st.count; i++)
            printf("%d\t%s\n", i, st.entries[i].key);
    } else if (strcmp(argv[2], "get") == 0 && argc == 4) {
        const kv_entry *e = kv_at(&st, atoi(argv[3]));
        if (e)
            printf("%s=%s\n", e->key, e->value); /* FLAW: CWE-125 */
        else {
            fprintf(stderr, "no entry %s\n", argv[3]);
            rc = 1;
        }
    } else {
        fprintf(stderr, "unknown command\n");
        rc = 2;
    }
    free(st.entries);
    return rc;
}
