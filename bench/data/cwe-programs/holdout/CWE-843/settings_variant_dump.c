/*
 * settings_variant_dump - read typed settings ("key:type:value", type is
 * i, f or s) from a file, and print them back in a canonical form
 * sorted by key. The type tag is checked before touching the union.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_INT, K_FLOAT, K_STRING };

struct setting {
    char key[40];
    enum kind kind;
    union {
        long i;
        double f;
        char s[80];
    } v;
};

static int by_key(const void *a, const void *b)
{
    return strcmp(((const struct setting *)a)->key, ((const struct setting *)b)->key);
}

static int parse_setting(const char *line, struct setting *st)
{
    char type;
    char value[80];

    if (sscanf(line, "%39[^:]:%c:%79[^\n]", st->key, &type, value) != 3)
        return -1;
    switch (type) {
    case 'i': st->kind = K_INT;    st->v.i = strtol(value, NULL, 10); break;
    case 'f': st->kind = K_FLOAT;  st->v.f = strtod(value, NULL); break;
    case 's': st->kind = K_STRING; strcpy(st->v.s, value); break;
    default:  return -1;
    }
    return 0;
}

static void print_setting(const struct setting *st)
{
    switch (st->kind) {
    case K_INT:    printf("%s = %ld\n", st->key, st->v.i); break;
    case K_FLOAT:  printf("%s = %g\n", st->key, st->v.f); break;
    case K_STRING: printf("%s = \"%s\"\n", st->key, st->v.s); break;
    }
}

int main(int argc, char **argv)
{
    struct setting *list = NULL, *tmp;
    size_t n = 0;
    char line[200];
    FILE *fp;

    if (argc != 2 || !(fp = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: %s SETTINGS\n", argv[0]);
        return 2;
    }
    while (fgets(line, sizeof line, fp)) {
        struct setting st;

        if (parse_setting(line, &st) != 0)
            continue;
        tmp = realloc(list, (n + 1) * sizeof *list);
        if (!tmp)
            break;
        list = tmp;
        list[n++] = st;
    }
    fclose(fp);

    if (n > 0)
        qsort(list, n, sizeof *list, by_key);
    for (size_t i = 0; i < n; i++)
        print_setting(&list[i]);
    free(list);
    return 0;
}
