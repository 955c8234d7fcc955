/*
 * frame-echo: tiny TCP echo service for length-prefixed frames.
 * Each frame is a 2-byte big-endian length followed by the payload.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#define PORT 7007
#define MAX_FRAME 512

static ssize_t read_full(int fd, void *buf, size_t len)
{
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, (char *)buf + got, len - got);
        if (n <= 0)
            return n;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

static int serve_client(int fd)
{
    char payload[MAX_FRAME];
    uint16_t wire_len;

    for (;;) {
        if (read_full(fd, &wire_len, sizeof wire_len) != (ssize_t)sizeof wire_len)
            return 0;
        uint16_t len = ntohs(wire_len);
        if (len == 0)
            continue;
        if (read_full(fd, payload, len) != (ssize_t)len) /* FLAW: CWE-121 */
            return -1;
        if (write(fd, &wire_len, sizeof wire_len) < 0 || write(fd, payload, len) < 0)
            return -1;
    }
}

int main(void)
{
    struct sockaddr_in addr;
    int one = 1;
    int srv = socket(AF_INET, SOCK_STREAM, 0);

    if (srv < 0) {
        perror("socket");
        return 1;
    }
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(PORT);
    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(srv, 8) < 0) {
        perror("bind/listen");
        close(srv);
        return 1;
    }
    for (;;) {
        int c = accept(srv, NULL, NULL);
        if (c < 0)
            continue;
        if (serve_client(c) < 0)
            fprintf(stderr, "client dropped: bad frame\n");
        close(c);
    }
}
