/*
 * note_search.c - full-text-ish search over a personal notes database.
 *
 * usage: note_search [-t TAG] WORDS...
 * Every word must appear in the note body (case-insensitive LIKE).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>

#define MAX_WORDS 8

static char *like_pattern(const char *word)
{
    size_t n = strlen(word);
    char *p = malloc(n * 2 + 3), *o;

    if (!p)
        return NULL;
    o = p;
    *o++ = '%';
    for (; *word; word++) {
        if (*word == '%' || *word == '_' || *word == '\\')
            *o++ = '\\';
        *o++ = *word;
    }
    *o++ = '%';
    *o = '\0';
    return p;
}

int main(int argc, char **argv)
{
    const char *tag = NULL;
    char sql[1024] = "SELECT id, title FROM notes WHERE (?1 IS NULL OR tag = ?1)";
    sqlite3 *db;
    sqlite3_stmt *st;
    int opt, nwords, rc = 1;

    while ((opt = getopt(argc, argv, "t:")) != -1) {
        if (opt == 't') tag = optarg;
        else { fprintf(stderr, "usage: %s [-t TAG] WORDS...\n", argv[0]); return 2; }
    }
    nwords = argc - optind;
    if (nwords < 1 || nwords > MAX_WORDS) {
        fprintf(stderr, "give 1 to %d words\n", MAX_WORDS);
        return 2;
    }
    /* One placeholder per word; the query text itself is constant. */
    for (int i = 0; i < nwords; i++)
        strcat(sql, " AND body LIKE ? ESCAPE '\\'");
    strcat(sql, " ORDER BY updated_at DESC");

    if (sqlite3_open_v2("notes.db", &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "sqlite: %s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    if (tag)
        sqlite3_bind_text(st, 1, tag, -1, SQLITE_STATIC);
    for (int i = 0; i < nwords; i++) {
        char *pat = like_pattern(argv[optind + i]);
        if (!pat)
            goto out;
        sqlite3_bind_text(st, i + 2, pat, -1, free);
    }
    while (sqlite3_step(st) == SQLITE_ROW)
        printf("#%d  %s\n", sqlite3_column_int(st, 0), (const char *)sqlite3_column_text(st, 1));
    rc = 0;
out:
    sqlite3_finalize(st);
    sqlite3_close(db);
    return rc;
}
