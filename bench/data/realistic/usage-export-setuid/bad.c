/*
 * quotaexport: installed setuid so it can read the quota database; writes the
 * caller's usage summary to a file the caller names.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct usage {
    unsigned long blocks;
    unsigned long inodes;
};

static int read_usage(uid_t uid, struct usage *u)
{
    FILE *db = fopen("/var/lib/quota/usage.db", "r");
    unsigned long id, b, i;

    if (db == NULL)
        return -1;
    u->blocks = u->inodes = 0;
    while (fscanf(db, "%lu %lu %lu", &id, &b, &i) == 3) {
        if (id == (unsigned long)uid) {
            u->blocks = b;
            u->inodes = i;
            break;
        }
    }
    fclose(db);
    return 0;
}

/* the caller (not root) must be allowed to write the target */
static int caller_may_write(const char *path)
{
    return access(path, W_OK) == 0;
}

static int export_usage(const char *path, const struct usage *u)
{
    FILE *out = fopen(path, "w"); /* FLAW: CWE-367 */

    if (out == NULL)
        return -1;
    fprintf(out, "blocks %lu\ninodes %lu\n", u->blocks, u->inodes);
    return fclose(out);
}

int main(int argc, char **argv)
{
    struct usage u;

    if (argc != 2) {
        fprintf(stderr, "usage: quotaexport FILE\n");
        return 2;
    }
    if (read_usage(getuid(), &u) != 0) {
        perror("quota database");
        return 1;
    }
    if (!caller_may_write(argv[1])) {
        fprintf(stderr, "quotaexport: %s: permission denied\n", argv[1]);
        return 1;
    }
    if (export_usage(argv[1], &u) != 0) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
