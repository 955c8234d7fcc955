#include <cstdio>
#include <mutex>

class Wallet {
public:
    void deposit(long amount)
    {
        std::lock_guard<std::mutex> g(mu_);
        balance_ += amount;
        print_balance_locked();
    }

    friend void transfer(Wallet &from, Wallet &to, long amount)
    {
        if (&from == &to)
            return;
        std::scoped_lock both(from.mu_, to.mu_); // deadlock-avoiding acquisition
        from.balance_ -= amount;
        to.balance_ += amount;
    }

private:
    void print_balance_locked() const { std::printf("balance: %ld\n", balance_); }

    std::mutex mu_;
    long balance_ = 0;
};
