/*
 * spool_writer.c - writes an outgoing fax job into the shared spool
 * directory /tmp/faxspool, named after the job id.
 *
 * Job data is read from stdin; the job id is the first argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>

#define SPOOL "/tmp/faxspool"

static int valid_job_id(const char *id)
{
    if (*id == '\0' || strlen(id) > 20)
        return 0;
    for (; *id; id++)
        if (!isdigit((unsigned char)*id))
            return 0;
    return 1;
}

static int spool_job(const char *path)
{
    char buf[4096];
    size_t n;
    FILE *out;

    if (access(path, F_OK) == 0) {
        fprintf(stderr, "%s: job already spooled\n", path);
        return -1;
    }
    out = fopen(path, "w"); /* FLAW: CWE-367 */
    if (out == NULL)
        return -1;
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            break;
    if (ferror(stdin) || ferror(out)) {
        fclose(out);
        return -1;
    }
    return fclose(out);
}

int main(int argc, char **argv)
{
    char path[64];

    if (argc != 2 || !valid_job_id(argv[1])) {
        fprintf(stderr, "usage: %s JOBID < data\n", argv[0]);
        return 2;
    }
    snprintf(path, sizeof path, SPOOL "/%s.fax", argv[1]);
    if (spool_job(path) != 0) {
        perror(path);
        return 1;
    }
    printf("spooled %s\n", path);
    return 0;
}
