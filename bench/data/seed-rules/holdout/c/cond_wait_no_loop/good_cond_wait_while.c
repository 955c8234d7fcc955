#include <pthread.h>

#define QCAP 16

struct queue {
    pthread_mutex_t mu;
    pthread_cond_t not_empty;
    int items[QCAP];
    int count;
};

int queue_pop(struct queue *q)
{
    int item;

    pthread_mutex_lock(&q->mu);
    while (q->count == 0)
        pthread_cond_wait(&q->not_empty, &q->mu);
    item = q->items[--q->count];
    pthread_mutex_unlock(&q->mu);
    return item;
}

int queue_push(struct queue *q, int item)
{
    int ok = 0;

    pthread_mutex_lock(&q->mu);
    if (q->count < QCAP) {
        q->items[q->count++] = item;
        pthread_cond_signal(&q->not_empty);
        ok = 1;
    }
    pthread_mutex_unlock(&q->mu);
    return ok ? 0 : -1;
}
