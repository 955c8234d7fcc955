#include <pthread.h>
#include <stdio.h>

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

    for (long i = 0; i < 4; i++)
        pthread_create(&tids[i], NULL, worker, (void *)i); /* FLAW: pthread_returns_unchecked */
    for (int i = 0; i < 4; i++)
        pthread_join(tids[i], NULL); /* FLAW: pthread_returns_unchecked */
    for (int i = 0; i < 4; i++)
        printf("%ld\n", results[i]);
    return 0;
}
