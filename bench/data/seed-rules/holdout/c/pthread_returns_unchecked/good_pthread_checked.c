#include <pthread.h>
#include <stdio.h>
#include <string.h>

static long results[4];

static void *worker(void *arg)
{
    long id = (long)arg;
    results[id] = id * id;
    return NULL;
}

int main(void)
{
    pthread_t tids[4];
    int started = 0, rc;

    for (long i = 0; i < 4; i++) {
        rc = pthread_create(&tids[i], NULL, worker, (void *)i);
        if (rc != 0) {
            fprintf(stderr, "pthread_create: %s\n", strerror(rc));
            break;
        }
        started++;
    }
    for (int i = 0; i < started; i++) {
        rc = pthread_join(tids[i], NULL);
        if (rc != 0)
            fprintf(stderr, "pthread_join: %s\n", strerror(rc));
    }
    for (int i = 0; i < started; i++)
        printf("%ld\n", results[i]);
    return started == 4 ? 0 : 1;
}
