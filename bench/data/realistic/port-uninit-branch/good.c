/* netcheck: connects to HOST [PORT] and reports whether the port is open */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netdb.h>
#include <sys/socket.h>

static int try_connect(const char *host, int port)
{
    struct addrinfo hints, *res;
    char service[16];
    int fd, ok;

    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    snprintf(service, sizeof service, "%d", port);
    if (getaddrinfo(host, service, &hints, &res) != 0)
        return -1;
    fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
    ok = fd >= 0 && connect(fd, res->ai_addr, res->ai_addrlen) == 0;
    if (fd >= 0)
        close(fd);
    freeaddrinfo(res);
    return ok;
}

int main(int argc, char **argv)
{
    int port = 80;
    int r;

    if (argc < 2) {
        fprintf(stderr, "usage: netcheck HOST [PORT]\n");
        return 2;
    }
    if (argc > 2)
        port = atoi(argv[2]);
    r = try_connect(argv[1], port);
    printf("%s:%d %s\n", argv[1], port, r > 0 ? "open" : "closed");
    return r > 0 ? 0 : 1;
}
