#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static void *flush_worker(void *arg)
{
    const char *name = arg;
    fprintf(stderr, "flushing %s\n", name);
    return NULL;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        pthread_t t;
        if (pthread_create(&t, NULL, flush_worker, argv[i]) != 0) { /* FLAW: thread_leak_no_join */
            perror("pthread_create");
            return 1;
        }
    }
    return 0;
}
