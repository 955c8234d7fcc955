#include <pthread.h>
#include <atomic>
#include <unistd.h>

class Heartbeat {
public:
    bool start()
    {
        running_ = true;
        return pthread_create(&tid_, nullptr, &Heartbeat::run, this) == 0; /* FLAW: thread_leak_no_join */
    }

    // neither joins nor detaches the worker
    ~Heartbeat() { running_ = false; }

private:
    static void *run(void *self)
    {
        auto *hb = static_cast<Heartbeat *>(self);
        while (hb->running_)
            usleep(100000);
        return nullptr;
    }

    pthread_t tid_{};
    std::atomic<bool> running_{false};
};
