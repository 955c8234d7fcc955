#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

/* Called concurrently from every request-handling thread. */
void log_request(FILE *log, const char *path, time_t started)
{
    const char *when = ctime(&started); /* FLAW: time_apis_not_threadsafe */
    struct tm *utc = gmtime(&started); /* FLAW: time_apis_not_threadsafe */
    int hour = utc->tm_hour;

    pthread_mutex_lock(&log_lock);
    fprintf(log, "%02d %s %s", hour, path, when);
    pthread_mutex_unlock(&log_lock);
}
