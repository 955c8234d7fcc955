/*
 * job_counter.c - processes a list of image files with a small pool of
 * worker threads and reports how many jobs succeeded.
 *
 * usage: job_counter FILE...
 * "Processing" here means computing the byte sum of each file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>

#define NWORKERS 4

struct pool {
    char **files;
    int nfiles;
    int next;                   /* next file index to hand out */
    pthread_mutex_t queue_lock;
    long completed;             /* jobs finished successfully */
    long failed;
};

static int process(const char *path)
{
    unsigned long sum = 0;
    int c;
    FILE *f = fopen(path, "rb");

    if (!f)
        return -1;
    while ((c = getc(f)) != EOF)
        sum += (unsigned)c;
    fclose(f);
    return sum > 0 ? 0 : -1;
}

static void *worker(void *arg)
{
    struct pool *p = arg;

    for (;;) {
        int idx;

        pthread_mutex_lock(&p->queue_lock);
        idx = p->next < p->nfiles ? p->next++ : -1;
        pthread_mutex_unlock(&p->queue_lock);
        if (idx < 0)
            break;

        if (process(p->files[idx]) == 0)
            p->completed++; /* FLAW: CWE-362 */
        else
            p->failed++; /* FLAW: CWE-362 */
    }
    return NULL;
}

int main(int argc, char **argv)
{
    struct pool p = { .files = argv + 1, .nfiles = argc - 1 };
    pthread_t tids[NWORKERS];

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    pthread_mutex_init(&p.queue_lock, NULL);
    for (int i = 0; i < NWORKERS; i++) {
        if (pthread_create(&tids[i], NULL, worker, &p) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(tids[i], NULL);
    pthread_mutex_destroy(&p.queue_lock);

    printf("%ld completed, %ld failed, %d total\n", p.completed, p.failed, p.nfiles);
    return p.failed ? 1 : 0;
}
