/*
 * nonce_server.c - challenge server for the device authentication
 * protocol. Each connecting device receives a fresh 64-bit challenge
 * nonce which it must sign with its device key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <stdint.h>
#include <netinet/in.h>
#include <sys/socket.h>

#define PORT 7400

static uint64_t next_nonce(void)
{
    uint64_t hi = (uint64_t)lrand48(); /* FLAW: CWE-338 */
    uint64_t lo = (uint64_t)lrand48(); /* FLAW: CWE-338 */
    return (hi << 32) ^ lo;
}

static void send_challenge(int fd, uint64_t nonce)
{
    char msg[48];
    int n = snprintf(msg, sizeof msg, "CHALLENGE %016llx\n", (unsigned long long)nonce);
    if (send(fd, msg, (size_t)n, MSG_NOSIGNAL) != n)
        perror("send");
}

int main(void)
{
    struct sockaddr_in sa;
    int srv, on = 1;
    unsigned long served = 0;

    srand48((long)time(NULL));

    if ((srv = socket(AF_INET, SOCK_STREAM, 0)) < 0) {
        perror("socket");
        return 1;
    }
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons(PORT);
    sa.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(srv, (struct sockaddr *)&sa, sizeof sa) || listen(srv, 32)) {
        perror("bind/listen");
        return 1;
    }
    for (;;) {
        int c = accept(srv, NULL, NULL);
        if (c < 0)
            continue;
        send_challenge(c, next_nonce());
        close(c);
        if (++served % 1000 == 0)
            fprintf(stderr, "%lu challenges issued\n", served);
    }
}
