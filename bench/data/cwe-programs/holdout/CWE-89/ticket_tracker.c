/*
 * ticket_tracker.c - lists open support tickets.
 *
 * usage: ticket_tracker ASSIGNEE [created|priority|title]
 * The sort key is chosen from a predefined list of columns; the assignee is
 * passed to the database as a bound parameter.
 */
#include <stdio.h>
#include <string.h>
#include <sqlite3.h>

struct sort_key {
    const char *name;
    const char *clause;
};

static const struct sort_key SORT_KEYS[] = {
    { "created",  "created_at DESC" },
    { "priority", "priority DESC, created_at" },
    { "title",    "title COLLATE NOCASE" },
};

static const char *order_clause(const char *key)
{
    for (size_t i = 0; i < sizeof SORT_KEYS / sizeof SORT_KEYS[0]; i++)
        if (strcmp(SORT_KEYS[i].name, key) == 0)
            return SORT_KEYS[i].clause;
    return NULL;
}

int main(int argc, char **argv)
{
    const char *order;
    char *sql;
    sqlite3 *db;
    sqlite3_stmt *stmt = NULL;
    int rc;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s ASSIGNEE [created|priority|title]\n", argv[0]);
        return 2;
    }
    order = order_clause(argc == 3 ? argv[2] : "created");
    if (!order) {
        fprintf(stderr, "unknown sort key\n");
        return 2;
    }

    if (sqlite3_open_v2("tickets.db", &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "%s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    sql = sqlite3_mprintf("SELECT id, priority, title FROM tickets "
                          "WHERE state = 'open' AND assignee = ?1 ORDER BY %s", order);
    if (!sql) {
        sqlite3_close(db);
        return 1;
    }
    rc = sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK) {
        fprintf(stderr, "%s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    sqlite3_bind_text(stmt, 1, argv[1], -1, SQLITE_STATIC);
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
        const unsigned char *title = sqlite3_column_text(stmt, 2);
        printf("#%-6d P%d  %s\n", sqlite3_column_int(stmt, 0), sqlite3_column_int(stmt, 1),
               title ? (const char *)title : "");
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return rc == SQLITE_DONE ? 0 : 1;
}
