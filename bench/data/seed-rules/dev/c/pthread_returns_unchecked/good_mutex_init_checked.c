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
    int ok;

    if (c == NULL)
        return NULL;
    if (pthread_mutexattr_init(&attr) != 0) {
        free(c);
        return NULL;
    }
    ok = pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK) == 0 &&
         pthread_mutex_init(&c->lock, &attr) == 0;
    pthread_mutexattr_destroy(&attr);
    if (!ok) {
        free(c);
        return NULL;
    }
    c->value = 0;
    return c;
}
