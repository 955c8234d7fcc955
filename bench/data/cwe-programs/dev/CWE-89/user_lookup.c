/*
 * user_lookup.c - prints account details from the local user database.
 *
 * usage: user_lookup USERNAME
 */
#include <stdio.h>
#include <stdlib.h>
#include <sqlite3.h>

#define DB_PATH "/var/lib/portal/users.db"

static int print_row(void *ctx, int ncols, char **vals, char **names)
{
    int *found = ctx;

    for (int i = 0; i < ncols; i++)
        printf("%-12s %s\n", names[i], vals[i] ? vals[i] : "(null)");
    putchar('\n');
    (*found)++;
    return 0;
}

int main(int argc, char **argv)
{
    sqlite3 *db;
    char sql[512];
    char *err = NULL;
    int found = 0;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s USERNAME\n", argv[0]);
        return 2;
    }

    if (sqlite3_open_v2(DB_PATH, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "cannot open %s: %s\n", DB_PATH, sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }

    snprintf(sql, sizeof sql,
             "SELECT id, username, full_name, email, last_login "
             "FROM users WHERE username = '%s';", argv[1]);

    rc = sqlite3_exec(db, sql, print_row, &found, &err); /* FLAW: CWE-89 */
    if (rc != SQLITE_OK) {
        fprintf(stderr, "query failed: %s\n", err);
        sqlite3_free(err);
        sqlite3_close(db);
        return 1;
    }
    if (found == 0)
        printf("no such user: %s\n", argv[1]);

    sqlite3_close(db);
    return found ? 0 : 1;
}
