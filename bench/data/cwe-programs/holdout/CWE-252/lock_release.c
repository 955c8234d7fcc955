/*
 * lock_release.c - releases job locks held by the batch scheduler.
 *
 * usage: lock_release JOBNAME...
 * A job's lock is the file /var/lock/batch/<JOBNAME>.lock; releasing
 * it means removing that file.
 */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

#define LOCK_DIR "/var/lock/batch"

typedef struct {
    char path[80];
    const char *job;
} job_lock;

static void lock_path(job_lock *lk)
{
    snprintf(lk->path, sizeof lk->path, "%s/%s.lock", LOCK_DIR, lk->job); /* FLAW: CWE-252 */
}

static int release(job_lock *lk)
{
    if (strchr(lk->job, '/') != NULL || lk->job[0] == '.') {
        fprintf(stderr, "invalid job name: %s\n", lk->job);
        return -1;
    }
    lock_path(lk);
    if (unlink(lk->path) != 0) {
        if (errno == ENOENT) {
            printf("%s: not locked\n", lk->job);
            return 0;
        }
        perror(lk->path);
        return -1;
    }
    printf("%s: released\n", lk->job);
    return 0;
}

int main(int argc, char **argv)
{
    int failures = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s JOBNAME...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        job_lock lk = { .job = argv[i] };
        if (release(&lk) != 0)
            failures++;
    }
    return failures ? 1 : 0;
}
