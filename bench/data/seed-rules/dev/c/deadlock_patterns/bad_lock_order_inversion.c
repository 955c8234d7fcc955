#include <pthread.h>

struct account {
    pthread_mutex_t lock;
    long balance;
};

static struct account checking = { PTHREAD_MUTEX_INITIALIZER, 100 };
static struct account savings = { PTHREAD_MUTEX_INITIALIZER, 500 };

void move_to_savings(long amount)
{
    pthread_mutex_lock(&checking.lock);
    pthread_mutex_lock(&savings.lock);
    checking.balance -= amount;
    savings.balance += amount;
    pthread_mutex_unlock(&savings.lock);
    pthread_mutex_unlock(&checking.lock);
}

void move_to_checking(long amount)
{
    pthread_mutex_lock(&savings.lock); /* FLAW: deadlock_patterns */
    pthread_mutex_lock(&checking.lock); /* FLAW: deadlock_patterns */
    savings.balance -= amount;
    checking.balance += amount;
    pthread_mutex_unlock(&checking.lock);
    pthread_mutex_unlock(&savings.lock);
}
