/*
 * kv_store_cli.c - tiny persistent key/value store for shell scripts.
 *
 *   kv_store_cli FILE get KEY
 *   kv_store_cli FILE set KEY VALUE
 *
 * The store is a text file of "key\tvalue" lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>

#define MAX_KEY 64
#define MAX_VAL 512
#define MAX_ENTRIES 1024

typedef struct {
    char key[MAX_KEY + 1];
    char val[MAX_VAL + 1];
} entry;

static entry store[MAX_ENTRIES];
static int nentries;

static void load(const char *path)
{
    char line[MAX_KEY + MAX_VAL + 8];
    FILE *f = fopen(path, "r");

    if (!f)
        return;
    while (nentries < MAX_ENTRIES && fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = '\0';
        tab[1 + strcspn(tab + 1, "\n")] = '\0';
        snprintf(store[nentries].key, sizeof store[0].key, "%.*s", MAX_KEY, line);
        snprintf(store[nentries].val, sizeof store[0].val, "%.*s", MAX_VAL, tab + 1);
        nentries++;
    }
    fclose(f);
}

static entry *find(const char *key)
{
    for (int i = 0; i < nentries; i++)
        if (strcmp(store[i].key, key) == 0)
            return &store[i];
    return NULL;
}

static int save(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (int i = 0; i < nentries; i++)
        fprintf(f, "%s\t%s\n", store[i].key, store[i].val);
    return fclose(f);
}

int main(int argc, char **argv)
{
    entry *e;

    if (argc < 4) {
        fprintf(stderr, "usage: %s FILE get KEY | FILE set KEY VALUE\n", argv[0]);
        return 2;
    }
    assert(strlen(argv[3]) <= MAX_KEY); /* FLAW: CWE-617 */
    if (strchr(argv[3], '\t') || strchr(argv[3], '\n')) {
        fprintf(stderr, "keys may not contain tabs or newlines\n");
        return 2;
    }
    load(argv[1]);

    if (strcmp(argv[2], "get") == 0) {
        if ((e = find(argv[3])) == NULL)
            return 1;
        puts(e->val);
        return 0;
    }
    if (strcmp(argv[2], "set") == 0 && argc == 5 && !strchr(argv[4], '\n')) {
        if ((e = find(argv[3])) == NULL) {
            if (nentries == MAX_ENTRIES)
                return 1;
            e = &store[nentries++];
            snprintf(e->key, sizeof e->key, "%s", argv[3]);
        }
        snprintf(e->val, sizeof e->val, "%s", argv[4]);
        return save(argv[1]) == 0 ? 0 : 1;
    }
    fprintf(stderr, "unknown command\n");
    return 2;
}
