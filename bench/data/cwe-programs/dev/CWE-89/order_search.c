/*
 * order_search.c - CGI script listing a customer's orders by status.
 *
 * GET /cgi-bin/order_search?customer=42&status=shipped
 * Output is a small HTML table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>

#define DB_FILE "/srv/shop/orders.sqlite"
#define PARAM_MAX 64

static const char *param(const char *qs, const char *key, char *buf)
{
    char pattern[PARAM_MAX];
    const char *p;
    size_t n;

    snprintf(pattern, sizeof pattern, "%s=", key);
    p = strstr(qs, pattern);
    if (p == NULL)
        return NULL;
    p += strlen(pattern);
    n = strcspn(p, "&");
    if (n >= PARAM_MAX)
        n = PARAM_MAX - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

static void html_escape(const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '&': fputs("&amp;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        default:  putchar(*s);
        }
    }
}

int main(void)
{
    const char *qs = getenv("QUERY_STRING");
    char customer[PARAM_MAX], status[PARAM_MAX];
    char query[512];
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;

    printf("Content-Type: text/html\r\n\r\n");
    if (!qs || !param(qs, "customer", customer) || !param(qs, "status", status)) {
        puts("<p>customer and status are required</p>");
        return 0;
    }
    if (sqlite3_open(DB_FILE, &db) != SQLITE_OK) {
        puts("<p>database unavailable</p>");
        sqlite3_close(db);
        return 0;
    }

    strcpy(query, "SELECT id, placed_at, total FROM orders WHERE customer_id = ");
    strcat(query, customer);
    strcat(query, " AND status = '");
    strcat(query, status);
    strcat(query, "' ORDER BY placed_at DESC");

    if (sqlite3_prepare_v2(db, query, -1, &st, NULL) != SQLITE_OK) { /* FLAW: CWE-89 */
        puts("<p>query error</p>");
        sqlite3_close(db);
        return 0;
    }
    puts("<table><tr><th>order</th><th>placed</th><th>total</th></tr>");
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *placed = (const char *)sqlite3_column_text(st, 1);
        printf("<tr><td>%d</td><td>", sqlite3_column_int(st, 0));
        html_escape(placed ? placed : "");
        printf("</td><td>%.2f</td></tr>\n", sqlite3_column_double(st, 2));
    }
    puts("</table>");
    sqlite3_finalize(st);
    sqlite3_close(db);
    return 0;
}
