#include <pthread.h>

struct latch {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int open;
};

void latch_wait(struct latch *l)
{
    pthread_mutex_lock(&l->mu);
    if (!l->open)
        pthread_cond_wait(&l->cv, &l->mu); /* FLAW: cond_wait_no_loop */
    pthread_mutex_unlock(&l->mu);
}

void latch_release(struct latch *l)
{
    pthread_mutex_lock(&l->mu);
    l->open = 1;
    pthread_cond_broadcast(&l->cv);
    pthread_mutex_unlock(&l->mu);
}
