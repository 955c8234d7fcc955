#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct job {
    int fd;
    unsigned seconds;
};

static void *close_later(void *arg)
{
    struct job *job = arg;
    sleep(job->seconds);
    if (close(job->fd) != 0) { /* nothing useful to do */ }
    free(job);
    return NULL;
}

/* Schedule fd to be closed after a delay. */
int schedule_close(int fd, unsigned seconds)
{
    pthread_t tid;
    struct job *job = malloc(sizeof(*job));

    if (job == NULL)
        return -1;
    job->fd = fd;
    job->seconds = seconds;
    if (pthread_create(&tid, NULL, close_later, job) != 0) { /* FLAW: thread_leak_no_join */
        free(job);
        return -1;
    }
    return 0;
}
