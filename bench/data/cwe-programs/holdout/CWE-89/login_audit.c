/*
 * login_audit.c - shows recent login attempts for an account.
 *
 * The help-desk operator types an account name at the prompt; the tool
 * prints the last attempts recorded by the authentication service.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#define AUDIT_DB "/var/lib/authd/audit.db"
#define LIMIT 25

static char *prompt_account(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;

    fputs("account> ", stdout);
    fflush(stdout);
    len = getline(&line, &cap, stdin);
    if (len <= 0) {
        free(line);
        return NULL;
    }
    if (line[len - 1] == '\n')
        line[len - 1] = '\0';
    return line;
}

static int show_attempts(sqlite3 *db, const char *account)
{
    sqlite3_stmt *stmt;
    char *sql;
    int rows = 0;

    if (asprintf(&sql,
                 "SELECT ts, source_ip, outcome FROM attempts "
                 "WHERE account = '%s' ORDER BY ts DESC LIMIT %d",
                 account, LIMIT) < 0)
        return -1;

    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK) { /* FLAW: CWE-89 */
        fprintf(stderr, "query: %s\n", sqlite3_errmsg(db));
        free(sql);
        return -1;
    }
    free(sql);

    while (sqlite3_step(stmt) == SQLITE_ROW) {
        const unsigned char *ts = sqlite3_column_text(stmt, 0);
        const unsigned char *ip = sqlite3_column_text(stmt, 1);
        const unsigned char *res = sqlite3_column_text(stmt, 2);
        printf("%-20s %-16s %s\n", ts ? (const char *)ts : "-",
               ip ? (const char *)ip : "-", res ? (const char *)res : "-");
        rows++;
    }
    sqlite3_finalize(stmt);
    return rows;
}

int main(void)
{
    sqlite3 *db;
    char *account;
    int n;

    if (sqlite3_open_v2(AUDIT_DB, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "%s: %s\n", AUDIT_DB, sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    while ((account = prompt_account()) != NULL) {
        if (account[0] != '\0') {
            n = show_attempts(db, account);
            if (n == 0)
                puts("no attempts recorded");
        }
        free(account);
    }
    sqlite3_close(db);
    return 0;
}
