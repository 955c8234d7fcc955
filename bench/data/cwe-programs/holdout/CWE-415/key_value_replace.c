/*
 * key_value_replace - in-memory settings store driven by stdin:
 *   set KEY VALUE    add or replace a setting
 *   get KEY
 *   dump
 * Values are trimmed and may not contain '=' or control characters.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VALUE 64
#define MAX_KEYS  64

typedef struct {
    char key[32];
    char *value;
} setting;

typedef struct {
    setting items[MAX_KEYS];
    int count;
} store;

static setting *lookup(store *st, const char *key)
{
    for (int i = 0; i < st->count; i++)
        if (strcmp(st->items[i].key, key) == 0)
            return &st->items[i];
    return NULL;
}

/* Trim trailing blanks and validate a value in place. Takes ownership:
 * returns v on success, or releases it and returns NULL. */
static char *normalise_value(char *v)
{
    size_t n = strlen(v);

    while (n > 0 && isspace((unsigned char)v[n - 1]))
        v[--n] = '\0';
    if (n == 0 || n > MAX_VALUE || strchr(v, '=')) {
        free(v);
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        if (iscntrl((unsigned char)v[i])) {
            free(v);
            return NULL;
        }
    return v;
}

static int store_set(store *st, const char *key, const char *value)
{
    setting *s = lookup(st, key);
    char *copy = strdup(value);

    if (!copy)
        return -1;
    if (!normalise_value(copy)) {
        free(copy); /* FLAW: CWE-415 */
        return -1;
    }
    if (!s) {
        if (st->count == MAX_KEYS || strlen(key) >= sizeof s->key) {
            free(copy);
            return -1;
        }
        s = &st->items[st->count++];
        strcpy(s->key, key);
        s->value = NULL;
    }
    free(s->value);
    s->value = copy;
    return 0;
}

int main(void)
{
    static store st;
    char line[512], key[32], value[256];

    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "set %31s %255[^\n]", key, value) == 2) {
            if (store_set(&st, key, value) != 0)
                fprintf(stderr, "cannot set %s\n", key);
        } else if (sscanf(line, "get %31s", key) == 1) {
            setting *s = lookup(&st, key);
            printf("%s\n", s ? s->value : "(unset)");
        } else if (strncmp(line, "dump", 4) == 0) {
            for (int i = 0; i < st.count; i++)
                printf("%s=%s\n", st.items[i].key, st.items[i].value);
        }
    }
    for (int i = 0; i < st.count; i++)
        free(st.items[i].value);
    return 0;
}
