/*
 * session_store.c - session table maintenance for the web backend.
 *
 * Commands are read from stdin, one per line:
 *     touch <session-id> <user-id>
 *     drop  <session-id>
 *     expire <seconds>
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sqlite3.h>

typedef struct {
    sqlite3 *db;
    sqlite3_stmt *touch, *drop, *expire;
} store_t;

static int store_open(store_t *s, const char *path)
{
    memset(s, 0, sizeof *s);
    if (sqlite3_open(path, &s->db) != SQLITE_OK)
        return -1;
    if (sqlite3_exec(s->db,
            "CREATE TABLE IF NOT EXISTS sessions(sid TEXT PRIMARY KEY, uid INTEGER,"
            " seen INTEGER)", NULL, NULL, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO sessions(sid, uid, seen) VALUES(?, ?, strftime('%s','now'))"
            " ON CONFLICT(sid) DO UPDATE SET seen = excluded.seen", -1, &s->touch, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "DELETE FROM sessions WHERE sid = ?", -1, &s->drop, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(s->db, "DELETE FROM sessions WHERE seen < strftime('%s','now') - ?",
            -1, &s->expire, NULL) != SQLITE_OK)
        return -1;
    return 0;
}

static void store_close(store_t *s)
{
    sqlite3_finalize(s->touch);
    sqlite3_finalize(s->drop);
    sqlite3_finalize(s->expire);
    sqlite3_close(s->db);
}

static int run(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

static int parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    *out = strtol(s, &end, 10);
    return (errno || end == s || *end) ? -1 : 0;
}

int main(int argc, char **argv)
{
    store_t st;
    char line[256], cmd[16], a[128], b[32];
    long num;

    if (store_open(&st, argc > 1 ? argv[1] : "sessions.db") != 0) {
        fprintf(stderr, "store: %s\n", st.db ? sqlite3_errmsg(st.db) : "open failed");
        store_close(&st);
        return 1;
    }
    while (fgets(line, sizeof line, stdin)) {
        int n = sscanf(line, "%15s %127s %31s", cmd, a, b);
        int rc = -1;

        if (n == 3 && strcmp(cmd, "touch") == 0 && parse_long(b, &num) == 0) {
            sqlite3_bind_text(st.touch, 1, a, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int64(st.touch, 2, num);
            rc = run(st.touch);
        } else if (n == 2 && strcmp(cmd, "drop") == 0) {
            sqlite3_bind_text(st.drop, 1, a, -1, SQLITE_TRANSIENT);
            rc = run(st.drop);
        } else if (n == 2 && strcmp(cmd, "expire") == 0 && parse_long(a, &num) == 0) {
            sqlite3_bind_int64(st.expire, 1, num);
            rc = run(st.expire);
        }
        puts(rc == 0 ? "ok" : "error");
    }
    store_close(&st);
    return 0;
}
