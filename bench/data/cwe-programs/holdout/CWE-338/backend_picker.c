/*
 * backend_picker.c - client-side load spreading for the internal
 * metrics collector.
 *
 * Reads a list of "host:port" backends from a file, picks one at
 * random to spread load, and on failure retries the next backend after
 * an exponential backoff with random jitter.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <netdb.h>
#include <sys/socket.h>

#define MAX_BACKENDS 16
#define MAX_ATTEMPTS 5

typedef struct { char host[128]; char port[8]; } backend;

static int load_backends(const char *path, backend *b)
{
    char line[160];
    int n = 0;
    FILE *f = fopen(path, "r");

    if (!f)
        return -1;
    while (n < MAX_BACKENDS && fgets(line, sizeof line, f))
        if (sscanf(line, "%127[^:]:%7s", b[n].host, b[n].port) == 2)
            n++;
    fclose(f);
    return n;
}

static int try_connect(const backend *b)
{
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *ai;
    int fd;

    if (getaddrinfo(b->host, b->port, &hints, &ai) != 0)
        return -1;
    fd = socket(ai->ai_family, ai->ai_socktype, 0);
    if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        close(fd);
        fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

int main(int argc, char **argv)
{
    backend list[MAX_BACKENDS];
    int n, start, fd = -1;
    useconds_t delay = 100000;

    if (argc != 2 || (n = load_backends(argv[1], list)) <= 0) {
        fprintf(stderr, "usage: %s BACKEND_LIST (at least one host:port)\n", argv[0]);
        return 2;
    }
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    start = rand() % n;   /* spread clients over the backends */

    for (int attempt = 0; attempt < MAX_ATTEMPTS && fd < 0; attempt++) {
        const backend *b = &list[(start + attempt) % n];
        fd = try_connect(b);
        if (fd >= 0) {
            printf("connected to %s:%s\n", b->host, b->port);
            break;
        }
        fprintf(stderr, "%s:%s unavailable\n", b->host, b->port);
        usleep(delay + (useconds_t)(rand() % 50000));   /* jitter */
        delay *= 2;
    }
    if (fd < 0)
        return 1;
    close(fd);
    return 0;
}
