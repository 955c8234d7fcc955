/*
 * report_viewer.c - prints a generated report to stdout.
 *
 * usage: report_viewer NAME
 * Reports are produced by the nightly job into REPORT_ROOT; the viewer
 * resolves the requested name and only serves files inside that tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <errno.h>

#define REPORT_ROOT "/var/lib/reports"

/* Resolve NAME under ROOT and make sure the result stays inside ROOT. */
static int resolve_under(const char *root, const char *name, char *out)
{
    char root_real[PATH_MAX];
    char joined[PATH_MAX];
    size_t rlen;

    if (realpath(root, root_real) == NULL)
        return -1;
    if (snprintf(joined, sizeof joined, "%s/%s", root_real, name) >= (int)sizeof joined) {
        errno = ENAMETOOLONG;
        return -1;
    }
    if (realpath(joined, out) == NULL)
        return -1;

    rlen = strlen(root_real);
    if (strncmp(out, root_real, rlen) != 0 || out[rlen] != '/') {
        errno = EACCES;
        return -1;
    }
    return 0;
}

static int cat_file(const char *path)
{
    char buf[4096];
    size_t n;
    FILE *fp = fopen(path, "r");

    if (!fp)
        return -1;
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0) {
        if (fwrite(buf, 1, n, stdout) != n) {
            fclose(fp);
            return -1;
        }
    }
    fclose(fp);
    return 0;
}

int main(int argc, char *argv[])
{
    char resolved[PATH_MAX];

    if (argc != 2) {
        fprintf(stderr, "usage: %s NAME\n", argv[0]);
        return 2;
    }
    if (resolve_under(REPORT_ROOT, argv[1], resolved) != 0) {
        fprintf(stderr, "report '%s' not available: %s\n", argv[1], strerror(errno));
        return 1;
    }
    if (cat_file(resolved) != 0) {
        perror(resolved);
        return 1;
    }
    return 0;
}
