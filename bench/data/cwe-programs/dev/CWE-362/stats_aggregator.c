/*
 * stats_aggregator.c - computes a latency histogram from several
 * access-log files in parallel.
 *
 * Each log line ends with the request time in milliseconds.
 * usage: stats_aggregator LOG...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#define NBUCKETS 8
#define MAX_LOGS 16

static const long BOUNDS[NBUCKETS] = { 5, 10, 25, 50, 100, 250, 1000, -1 };

struct histogram {
    pthread_mutex_t lock;
    unsigned long count[NBUCKETS];
    unsigned long total;
};

static struct histogram hist = { .lock = PTHREAD_MUTEX_INITIALIZER };

static int bucket_for(long ms)
{
    for (int i = 0; i < NBUCKETS - 1; i++)
        if (ms <= BOUNDS[i])
            return i;
    return NBUCKETS - 1;
}

static void *scan_log(void *arg)
{
    unsigned long local[NBUCKETS] = {0};
    char line[4096];
    FILE *f = fopen((const char *)arg, "r");

    if (f == NULL)
        return NULL;
    while (fgets(line, sizeof line, f)) {
        char *last = strrchr(line, ' ');
        if (last)
            local[bucket_for(strtol(last + 1, NULL, 10))]++;
    }
    fclose(f);

    /* Merge this file's counts into the shared histogram. */
    pthread_mutex_lock(&hist.lock);
    for (int i = 0; i < NBUCKETS; i++) {
        hist.count[i] += local[i];
        hist.total += local[i];
    }
    pthread_mutex_unlock(&hist.lock);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t th[MAX_LOGS];
    int n = argc - 1, started = 0;

    if (n < 1 || n > MAX_LOGS) {
        fprintf(stderr, "usage: %s LOG... (max %d)\n", argv[0], MAX_LOGS);
        return 2;
    }
    for (int i = 0; i < n; i++)
        if (pthread_create(&th[started], NULL, scan_log, argv[i + 1]) == 0)
            started++;
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);

    for (int i = 0; i < NBUCKETS; i++) {
        if (BOUNDS[i] < 0)
            printf("  > %4ld ms: %lu\n", BOUNDS[i - 1], hist.count[i]);
        else
            printf(" <= %4ld ms: %lu\n", BOUNDS[i], hist.count[i]);
    }
    printf("total: %lu requests\n", hist.total);
    return 0;
}
