/*
 * request_counter.c - load generator for a local HTTP service.
 *
 * usage: request_counter THREADS REQUESTS_PER_THREAD [PORT]
 * Each thread sends simple GET requests to 127.0.0.1 and the shared
 * counters of successes, failures and bytes are kept with C11 atomics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <pthread.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#define MAX_THREADS 32

static atomic_ulong ok_count;
static atomic_ulong err_count;
static atomic_ullong byte_count;

struct params { int requests; unsigned short port; };

static long one_request(unsigned short port)
{
    static const char req[] = "GET /health HTTP/1.0\r\nHost: localhost\r\n\r\n";
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
    char buf[2048];
    long total = 0;
    ssize_t n;
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    if (fd < 0)
        return -1;
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0 ||
        send(fd, req, sizeof req - 1, MSG_NOSIGNAL) != (ssize_t)(sizeof req - 1)) {
        close(fd);
        return -1;
    }
    while ((n = recv(fd, buf, sizeof buf, 0)) > 0)
        total += n;
    close(fd);
    return n < 0 ? -1 : total;
}

static void *client(void *arg)
{
    const struct params *p = arg;

    for (int i = 0; i < p->requests; i++) {
        long got = one_request(p->port);
        if (got < 0) {
            atomic_fetch_add(&err_count, 1);
        } else {
            atomic_fetch_add(&ok_count, 1);
            atomic_fetch_add(&byte_count, (unsigned long long)got);
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t th[MAX_THREADS];
    struct params p;
    int nthreads, started = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s THREADS REQUESTS_PER_THREAD [PORT]\n", argv[0]);
        return 2;
    }
    nthreads = atoi(argv[1]);
    p.requests = atoi(argv[2]);
    p.port = (unsigned short)(argc > 3 ? atoi(argv[3]) : 8080);
    if (nthreads < 1 || nthreads > MAX_THREADS || p.requests < 1 || p.requests > 100000) {
        fprintf(stderr, "THREADS 1-%d, REQUESTS 1-100000\n", MAX_THREADS);
        return 2;
    }
    for (int i = 0; i < nthreads; i++)
        if (pthread_create(&th[started], NULL, client, &p) == 0)
            started++;
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);

    printf("ok=%lu errors=%lu bytes=%llu\n", atomic_load(&ok_count),
           atomic_load(&err_count), atomic_load(&byte_count));
    return atomic_load(&err_count) ? 1 : 0;
}
