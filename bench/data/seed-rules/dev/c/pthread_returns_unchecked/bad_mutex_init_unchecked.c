#include <pthread.h>
#include <stdlib.h>

struct counter {
    pthread_mutex_t lock;
    long value;
};

struct counter *counter_new(void)
{
    struct counter *c = malloc(sizeof(*c));
    pthread_mutexattr_t attr;

    if (c == NULL)
        return NULL;
    pthread_mutexattr_init(&attr); /* FLAW: pthread_returns_unchecked */
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK); /* FLAW: pthread_returns_unchecked */
    pthread_mutex_init(&c->lock, &attr); /* FLAW: pthread_returns_unchecked */
    pthread_mutexattr_destroy(&attr);
    c->value = 0;
    return c;
}
