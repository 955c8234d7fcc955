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

/* the password lives in a file only the cron user can read (mode 0600, checked on the open file) */
static int read_secret(const char *path, char *buf, size_t len)
{
    struct stat st;
    FILE *fp = fopen(path, "r");

    if (fp == NULL)
        return -1;
    if (fstat(fileno(fp), &st) != 0 || (st.st_mode & 077) != 0 || fgets(buf, (int)len, fp) == NULL) {
        fclose(fp);
        return -1;
    }
    fclose(fp);
    buf[strcspn(buf, "\n")] = '\0';
    return 0;
}

int main(int argc, char **argv)
{
    char password[128];
    const char *secret_file = getenv("DBDUMP_SECRET_FILE");
    struct vdb *db;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: dbdump OUTFILE\n");
        return 2;
    }
    if (read_secret(secret_file != NULL ? secret_file : "/etc/dbdump/secret", password, sizeof password) != 0) {
        fprintf(stderr, "dbdump: cannot read the database password\n");
        return 1;
    }
    db = vdb_connect(DB_HOST, DB_USER, password);
    memset(password, 0, sizeof password);
    if (db == NULL) {
        fprintf(stderr, "dbdump: cannot connect to %s\n", DB_HOST);
        return 1;
    }
    rc = dump(db, argv[1]);
    vdb_close(db);
    return rc == 0 ? 0 : 1;
}
