#include <pthread.h>

struct account {
    pthread_mutex_t lock;
    long balance;
};

static struct account checking = { PTHREAD_MUTEX_INITIALIZER, 100 };
static struct account savings = { PTHREAD_MUTEX_INITIALIZER, 500 };

/* Both directions take the locks in the same global order: checking, then savings. */
static void lock_both(void)
{
    pthread_mutex_lock(&checking.lock);
    pthread_mutex_lock(&savings.lock);
}

static void unlock_both(void)
{
    pthread_mutex_unlock(&savings.lock);
    pthread_mutex_unlock(&checking.lock);
}

void move_to_savings(long amount)
{
    lock_both();
    checking.balance -= amount;
    savings.balance += amount;
    unlock_both();
}

void move_to_checking(long amount)
{
    lock_both();
    savings.balance -= amount;
    checking.balance += amount;
    unlock_both();
}
