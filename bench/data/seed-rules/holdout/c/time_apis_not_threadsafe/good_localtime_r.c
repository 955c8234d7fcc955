#include <pthread.h>
#include <stdio.h>
#include <time.h>

static void *stamp_worker(void *arg)
{
    const char *name = arg;
    time_t now = time(NULL);
    struct tm tm;
    char buf[32];

    if (localtime_r(&now, &tm) == NULL)
        return NULL;
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    printf("[%s] %s\n", buf, name);
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    if (pthread_create(&a, NULL, stamp_worker, "alpha") != 0)
        return 1;
    if (pthread_create(&b, NULL, stamp_worker, "beta") != 0)
        return 1;
    if (pthread_join(a, NULL) != 0 || pthread_join(b, NULL) != 0)
        return 1;
    return 0;
}
