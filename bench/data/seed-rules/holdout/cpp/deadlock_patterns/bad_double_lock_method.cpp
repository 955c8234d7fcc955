#include <pthread.h>
#include <cstdio>

class Wallet {
public:
    void deposit(long amount)
    {
        pthread_mutex_lock(&mu_);
        balance_ += amount;
        print_balance();
        pthread_mutex_unlock(&mu_);
    }

    void print_balance()
    {
        pthread_mutex_lock(&mu_); /* FLAW: deadlock_patterns */
        std::printf("balance: %ld\n", balance_);
        pthread_mutex_unlock(&mu_);
    }

private:
    pthread_mutex_t mu_ = PTHREAD_MUTEX_INITIALIZER; // default, non-recursive
    long balance_ = 0;
};

void top_up(Wallet &w) { w.deposit(100); }
