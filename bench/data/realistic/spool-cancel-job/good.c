/* lpcancel: removes print jobs from the spool directory, by job file name */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SPOOL_DIR "/var/spool/lpd"
#define PATH_LEN 256

static int job_owner(const char *path, char *owner, size_t len)
{
    FILE *fp = fopen(path, "r");
    char line[128];

    if (fp == NULL)
        return -1;
    owner[0] = '\0';
    while (fgets(line, sizeof line, fp) != NULL) {
        if (line[0] == 'P') {
            line[strcspn(line, "\n")] = '\0';
            snprintf(owner, len, "%s", line + 1);
            break;
        }
    }
    fclose(fp);
    return owner[0] != '\0' ? 0 : -1;
}

static int cancel(const char *job, const char *me)
{
    char path[PATH_LEN];
    char owner[64];

    /* a job is a plain file name inside the spool: no directories, no dot files */
    if (job[0] == '\0' || job[0] == '.' || strchr(job, '/') != NULL) {
        fprintf(stderr, "lpcancel: %s: bad job name\n", job);
        return -1;
    }
    if (snprintf(path, sizeof path, "%s/%s", SPOOL_DIR, job) >= (int)sizeof path)
        return -1;
    if (job_owner(path, owner, sizeof owner) != 0 || strcmp(owner, me) != 0) {
        fprintf(stderr, "lpcancel: %s: not your job\n", job);
        return -1;
    }
    if (unlink(path) != 0) {
        fprintf(stderr, "lpcancel: %s: %s\n", job, strerror(errno));
        return -1;
    }
    return 0;
}

int main(int argc, char *argv[])
{
    const char *me = getenv("USER");
    int i, rc = 0;

    if (argc < 2 || me == NULL) {
        fprintf(stderr, "usage: lpcancel JOBFILE...\n");
        return 2;
    }
    for (i = 1; i < argc; i++)
        if (cancel(argv[i], me) != 0)
            rc = 1;
    return rc;
}
