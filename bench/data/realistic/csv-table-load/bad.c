/*
 * csvsum: load a CSV file of "name,qty,price" rows into memory and print
 * the total value.  Usage: csvsum FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct row {
    char name[32];
    long qty;
    double price;
};

struct table {
    struct row *rows;
    size_t n, cap;
};

static int table_add(struct table *t, const struct row *r)
{
    if (t->n == t->cap) {
        size_t ncap = t->cap ? t->cap * 2 : 16;
        struct row *p = realloc(t->rows, ncap * sizeof *p);
        if (p == NULL)
            return -1;
        t->rows = p;
        t->cap = ncap;
    }
    t->rows[t->n++] = *r;
    return 0;
}

static int parse_row(char *line, struct row *r)
{
    char *name = strtok(line, ",");
    char *qty = strtok(NULL, ",");
    char *price = strtok(NULL, ",\n");
    if (!name || !qty || !price)
        return -1;
    snprintf(r->name, sizeof r->name, "%s", name);
    r->qty = strtol(qty, NULL, 10);
    r->price = strtod(price, NULL);
    return 0;
}

static int load(const char *path, struct table *out)
{
    FILE *fp = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    struct table t = { NULL, 0, 0 };

    if (fp == NULL)
        return -1;
    while (getline(&line, &cap, fp) != -1) {
        struct row r;
        if (line[0] == '#')
            continue;
        if (parse_row(line, &r) != 0 || table_add(&t, &r) != 0) {
            fprintf(stderr, "%s: bad row %zu\n", path, t.n + 1);
            fclose(fp);
            free(t.rows);
            return -1; /* FLAW: CWE-401 */
        }
    }
    free(line);
    fclose(fp);
    *out = t;
    return 0;
}

int main(int argc, char **argv)
{
    struct table t;
    double total = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    if (load(argv[1], &t) != 0)
        return 1;
    for (size_t i = 0; i < t.n; i++)
        total += t.rows[i].qty * t.rows[i].price;
    printf("%zu rows, total %.2f\n", t.n, total);
    free(t.rows);
    return 0;
}
