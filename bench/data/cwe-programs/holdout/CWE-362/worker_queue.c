/*
 * worker_queue.c - bounded producer/consumer queue: the main thread
 * reads file paths from stdin and worker threads count the lines in
 * each file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#define QCAP 16
#define NWORKERS 3

typedef struct {
    char *items[QCAP];
    int head, tail, size;
    int closed;
    long total_lines;
    pthread_mutex_t mu;
    pthread_cond_t not_empty, not_full;
} queue_t;

static queue_t q = {
    .mu = PTHREAD_MUTEX_INITIALIZER,
    .not_empty = PTHREAD_COND_INITIALIZER,
    .not_full = PTHREAD_COND_INITIALIZER,
};

static void q_push(char *item)
{
    pthread_mutex_lock(&q.mu);
    while (q.size == QCAP)
        pthread_cond_wait(&q.not_full, &q.mu);
    q.items[q.tail] = item;
    q.tail = (q.tail + 1) % QCAP;
    q.size++;
    pthread_cond_signal(&q.not_empty);
    pthread_mutex_unlock(&q.mu);
}

static char *q_pop(void)
{
    char *item = NULL;

    pthread_mutex_lock(&q.mu);
    while (q.size == 0 && !q.closed)
        pthread_cond_wait(&q.not_empty, &q.mu);
    if (q.size > 0) {
        item = q.items[q.head];
        q.head = (q.head + 1) % QCAP;
        q.size--;
        pthread_cond_signal(&q.not_full);
    }
    pthread_mutex_unlock(&q.mu);
    return item;
}

static void *worker(void *unused)
{
    char *path;
    (void)unused;

    while ((path = q_pop()) != NULL) {
        long lines = 0;
        int c;
        FILE *f = fopen(path, "r");
        if (f) {
            while ((c = getc(f)) != EOF)
                lines += c == '\n';
            fclose(f);
        }
        pthread_mutex_lock(&q.mu);
        q.total_lines += lines;
        pthread_mutex_unlock(&q.mu);
        free(path);
    }
    return NULL;
}

int main(void)
{
    pthread_t th[NWORKERS];
    char buf[4096];

    for (int i = 0; i < NWORKERS; i++) {
        if (pthread_create(&th[i], NULL, worker, NULL) != 0) {
            perror("pthread_create");
            return 1;
        }
    }

    while (fgets(buf, sizeof buf, stdin)) {
        buf[strcspn(buf, "\n")] = '\0';
        char *copy = strdup(buf);
        if (copy)
            q_push(copy);
    }
    pthread_mutex_lock(&q.mu);
    q.closed = 1;
    pthread_cond_broadcast(&q.not_empty);
    pthread_mutex_unlock(&q.mu);

    for (int i = 0; i < NWORKERS; i++)
        pthread_join(th[i], NULL);
    printf("%ld lines\n", q.total_lines);
    return 0;
}
