/* dbdump: nightly export of the orders database to a CSV file, run from cron */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* provided by the vendor's client library (libvdb) */
struct vdb;
struct vdb *vdb_connect(const char *host, const char *user, const char *password);
int vdb_query_csv(struct vdb *db, const char *sql, FILE *out);
void vdb_close(struct vdb *db);

#define DB_HOST "db01.internal"
#define DB_USER "export"

static int dump(struct vdb *db, const char *outfile)
{
    FILE *out = fopen(outfile, "w");
    int rc;

    if (out == NULL)
        return -1;
    chmod(outfile, 0600);
    rc = vdb_query_csv(db, "SELECT id, customer, total, created FROM orders", out);
    if (fclose(out) != 0)
        rc = -1;
    return rc;
}

int main(int argc, char **argv)
{
    struct vdb *db;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: dbdump OUTFILE\n");
        return 2;
    }
    db = vdb_connect(DB_HOST, DB_USER, "Exp0rt#Orders2024"); /* FLAW: CWE-798 */
    if (db == NULL) {
        fprintf(stderr, "dbdump: cannot connect to %s\n", DB_HOST);
        return 1;
    }
    rc = dump(db, argv[1]);
    vdb_close(db);
    return rc == 0 ? 0 : 1;
}
