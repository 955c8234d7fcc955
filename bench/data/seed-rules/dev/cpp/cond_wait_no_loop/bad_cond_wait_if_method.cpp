#include <pthread.h>
#include <deque>
#include <string>

class JobQueue {
public:
    JobQueue()
    {
        pthread_mutex_init(&mu_, nullptr);
        pthread_cond_init(&cv_, nullptr);
    }

    std::string pop()
    {
        pthread_mutex_lock(&mu_);
        if (jobs_.empty())
            pthread_cond_wait(&cv_, &mu_); /* FLAW: cond_wait_no_loop */
        std::string job = jobs_.front();
        jobs_.pop_front();
        pthread_mutex_unlock(&mu_);
        return job;
    }

    void push(const std::string &job)
    {
        pthread_mutex_lock(&mu_);
        jobs_.push_back(job);
        pthread_cond_signal(&cv_);
        pthread_mutex_unlock(&mu_);
    }

private:
    pthread_mutex_t mu_;
    pthread_cond_t cv_;
    std::deque<std::string> jobs_;
};
