#include <pthread.h>
#include <stdio.h>

static void *flush_worker(void *arg)
{
    const char *name = arg;
    fprintf(stderr, "flushing %s\n", name);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t tids[16];
    int n = 0, rc = 0;

    for (int i = 1; i < argc && n < 16; i++) {
        if (pthread_create(&tids[n], NULL, flush_worker, argv[i]) != 0) {
            rc = 1;
            break;
        }
        n++;
    }
    for (int i = 0; i < n; i++)
        if (pthread_join(tids[i], NULL) != 0)
            rc = 1;
    return rc;
}
