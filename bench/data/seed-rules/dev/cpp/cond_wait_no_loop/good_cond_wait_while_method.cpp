#include <pthread.h>
#include <deque>
#include <string>

class JobQueue {
public:
    std::string pop()
    {
        pthread_mutex_lock(&mu_);
        while (jobs_.empty())
            pthread_cond_wait(&cv_, &mu_);
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
    pthread_mutex_t mu_ = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t cv_ = PTHREAD_COND_INITIALIZER;
    std::deque<std::string> jobs_;
};
