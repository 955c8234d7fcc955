#include <pthread.h>
#include <stdio.h>

#define QCAP 16

static int items[QCAP];
static int count;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

static void *consumer(void *arg)
{
    (void)arg;
    for (;;) {
        int item;
        pthread_mutex_lock(&mu);
        pthread_cond_wait(&not_empty, &mu); /* FLAW: cond_wait_no_loop */
        item = items[--count];
        pthread_mutex_unlock(&mu);
        if (item < 0)
            break;
        printf("got %d\n", item);
    }
    return NULL;
}

void produce(int item)
{
    pthread_mutex_lock(&mu);
    if (count < QCAP) {
        items[count++] = item;
        pthread_cond_signal(&not_empty);
    }
    pthread_mutex_unlock(&mu);
}

void *(*consumer_entry)(void *) = consumer;
