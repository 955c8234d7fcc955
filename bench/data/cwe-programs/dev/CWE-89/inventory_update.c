/*
 * inventory_update.c - applies stock adjustments to the warehouse db.
 *
 * Reads lines of the form "<sku> <delta>" from stdin, e.g.
 *     AB-1002 -3
 *     ZX-0007 12
 * and adjusts the on-hand quantity for each SKU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#define DB "warehouse.db"

typedef struct {
    char sku[64];
    long delta;
} adjustment;

static int parse_line(const char *line, adjustment *adj)
{
    return sscanf(line, "%63s %ld", adj->sku, &adj->delta) == 2 ? 0 : -1;
}

static int apply(sqlite3 *db, const adjustment *adj)
{
    char sql[256];
    char *errmsg = NULL;

    snprintf(sql, sizeof sql,
             "UPDATE stock SET on_hand = on_hand + %ld WHERE sku = '%s'",
             adj->delta, adj->sku);
    if (sqlite3_exec(db, sql, NULL, NULL, &errmsg) != SQLITE_OK) { /* FLAW: CWE-89 */
        fprintf(stderr, "%s: %s\n", adj->sku, errmsg);
        sqlite3_free(errmsg);
        return -1;
    }
    return sqlite3_changes(db) == 1 ? 0 : -1;
}

int main(void)
{
    sqlite3 *db;
    char line[256];
    adjustment adj;
    int lineno = 0, errors = 0;

    if (sqlite3_open(DB, &db) != SQLITE_OK) {
        fprintf(stderr, "open %s: %s\n", DB, sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);

    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (parse_line(line, &adj) != 0 || apply(db, &adj) != 0) {
            fprintf(stderr, "line %d rejected\n", lineno);
            errors++;
        }
    }

    sqlite3_exec(db, errors ? "ROLLBACK" : "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db);
    printf("%d line(s), %d error(s)%s\n", lineno, errors, errors ? ", rolled back" : "");
    return errors ? 1 : 0;
}
