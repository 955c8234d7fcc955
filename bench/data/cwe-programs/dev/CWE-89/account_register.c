/*
 * account_register.c - registers a newsletter subscriber.
 *
 * Reads "name" and "email" from stdin (one per line) and stores them
 * in the subscribers table, creating the table on first use.
 */
#include <stdio.h>
#include <string.h>
#include <sqlite3.h>

#define DB_PATH "subscribers.db"

static const char *SCHEMA =
    "CREATE TABLE IF NOT EXISTS subscribers ("
    "  id INTEGER PRIMARY KEY,"
    "  name TEXT NOT NULL,"
    "  email TEXT NOT NULL UNIQUE,"
    "  created_at TEXT DEFAULT CURRENT_TIMESTAMP)";

static int read_field(const char *prompt, char *buf, size_t cap)
{
    printf("%s: ", prompt);
    fflush(stdout);
    if (!fgets(buf, (int)cap, stdin))
        return -1;
    buf[strcspn(buf, "\n")] = '\0';
    return buf[0] ? 0 : -1;
}

static int add_subscriber(sqlite3 *db, const char *name, const char *email)
{
    sqlite3_stmt *stmt;
    int rc;

    rc = sqlite3_prepare_v2(db,
            "INSERT INTO subscribers (name, email) VALUES (?1, ?2)",
            -1, &stmt, NULL);
    if (rc != SQLITE_OK)
        return rc;
    sqlite3_bind_text(stmt, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, email, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int main(void)
{
    char name[128], email[256];
    char *err = NULL;
    sqlite3 *db;
    int rc;

    if (read_field("name", name, sizeof name) || read_field("email", email, sizeof email)
        || !strchr(email, '@')) {
        fprintf(stderr, "a name and a valid email are required\n");
        return 1;
    }
    if (sqlite3_open(DB_PATH, &db) != SQLITE_OK) {
        fprintf(stderr, "db: %s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    if (sqlite3_exec(db, SCHEMA, NULL, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "schema: %s\n", err);
        sqlite3_free(err);
        sqlite3_close(db);
        return 1;
    }
    rc = add_subscriber(db, name, email);
    if (rc == SQLITE_CONSTRAINT)
        printf("%s is already subscribed\n", email);
    else if (rc != SQLITE_OK)
        fprintf(stderr, "insert failed: %s\n", sqlite3_errmsg(db));
    else
        printf("welcome, %s!\n", name);
    sqlite3_close(db);
    return rc == SQLITE_OK ? 0 : 1;
}
