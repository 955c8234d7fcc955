/*
 * customer_report.c - CRM report: invoices for a customer's region.
 *
 * Connection settings come from the environment (CRM_DB_HOST,
 * CRM_DB_USER, CRM_DB_PASS); the region is given on the command line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mysql/mysql.h>

#define QUERY_MAX 512

static const char *env_or(const char *name, const char *fallback)
{
    const char *v = getenv(name);
    return v && *v ? v : fallback;
}

static MYSQL *connect_crm(void)
{
    MYSQL *conn = mysql_init(NULL);

    if (conn == NULL)
        return NULL;
    if (!mysql_real_connect(conn, env_or("CRM_DB_HOST", "localhost"),
                            env_or("CRM_DB_USER", "report"), getenv("CRM_DB_PASS"),
                            "crm", 0, NULL, 0)) {
        fprintf(stderr, "connect: %s\n", mysql_error(conn));
        mysql_close(conn);
        return NULL;
    }
    return conn;
}

static int run_report(MYSQL *conn, const char *region)
{
    char query[QUERY_MAX];
    MYSQL_RES *res;
    MYSQL_ROW row;

    snprintf(query, sizeof query,
             "SELECT c.name, COUNT(i.id), SUM(i.amount) FROM customers c "
             "JOIN invoices i ON i.customer_id = c.id "
             "WHERE c.region = '%s' GROUP BY c.name ORDER BY 3 DESC", region);

    if (mysql_query(conn, query) != 0) { /* FLAW: CWE-89 */
        fprintf(stderr, "query: %s\n", mysql_error(conn));
        return -1;
    }
    res = mysql_store_result(conn);
    if (res == NULL)
        return -1;
    while ((row = mysql_fetch_row(res)) != NULL)
        printf("%-30s %6s %12s\n", row[0] ? row[0] : "", row[1] ? row[1] : "0",
               row[2] ? row[2] : "0.00");
    mysql_free_result(res);
    return 0;
}

int main(int argc, char **argv)
{
    MYSQL *conn;
    int rc;

    if (argc != 2 || strlen(argv[1]) > 64) {
        fprintf(stderr, "usage: %s REGION\n", argv[0]);
        return 2;
    }
    if ((conn = connect_crm()) == NULL)
        return 1;
    rc = run_report(conn, argv[1]);
    mysql_close(conn);
    return rc == 0 ? 0 : 1;
}
