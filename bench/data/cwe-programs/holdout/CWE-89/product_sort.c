/*
 * product_sort.c - lists the product catalogue as CSV.
 *
 * usage: product_sort [SORT_COLUMN]
 * The optional column decides the ordering (default: name).
 */
#include <stdio.h>
#include <sqlite3.h>

#define CATALOGUE "catalogue.db"

static int csv_row(void *unused, int n, char **v, char **cols)
{
    (void)unused;
    (void)cols;
    for (int i = 0; i < n; i++) {
        if (i)
            putchar(',');
        printf("\"%s\"", v[i] ? v[i] : "");
    }
    putchar('\n');
    return 0;
}

int main(int argc, char *argv[])
{
    const char *order = argc > 1 ? argv[1] : "name";
    char sql[256];
    char *err = 0;
    sqlite3 *db = 0;

    if (sqlite3_open_v2(CATALOGUE, &db, SQLITE_OPEN_READONLY, 0) != SQLITE_OK)
    {
        fprintf(stderr, "catalogue: %s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }

    if (snprintf(sql, sizeof sql,
                 "SELECT sku, name, price, stock FROM products ORDER BY %s",
                 order) >= (int)sizeof sql)
    {
        fprintf(stderr, "sort column too long\n");
        sqlite3_close(db);
        return 1;
    }

    puts("sku,name,price,stock");
    if (sqlite3_exec(db, sql, csv_row, 0, &err) != SQLITE_OK) /* FLAW: CWE-89 */
    {
        fprintf(stderr, "listing failed: %s\n", err);
        sqlite3_free(err);
        sqlite3_close(db);
        return 1;
    }
    sqlite3_close(db);
    return 0;
}
