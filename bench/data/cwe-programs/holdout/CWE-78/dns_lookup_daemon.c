/*
 * dns_lookup_daemon.c - small TCP service used by the NOC dashboard.
 *
 * Each connection sends one hostname terminated by a newline; the
 * daemon answers with the output of the system resolver tool.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <arpa/inet.h>
#include <sys/socket.h>

#define PORT 5353
#define BACKLOG 10

typedef struct {
    int fd;
    char peer[INET_ADDRSTRLEN];
} client_t;

static int recv_hostname(client_t *c, char *name, size_t cap)
{
    ssize_t n = recv(c->fd, name, cap - 1, 0);
    if (n <= 0)
        return -1;
    name[n] = '\0';
    name[strcspn(name, "\r\n")] = '\0';
    return name[0] ? 0 : -1;
}

static void lookup_and_reply(client_t *c, const char *name)
{
    char cmd[320];
    char out[512];
    FILE *res;

    snprintf(cmd, sizeof cmd, "host %s", name);
    res = popen(cmd, "r"); /* FLAW: CWE-78 */
    if (res == NULL) {
        (void)send(c->fd, "lookup failed\n", 14, 0);
        return;
    }
    while (fgets(out, sizeof out, res) != NULL)
        if (send(c->fd, out, strlen(out), 0) < 0)
            break;
    pclose(res);
}

int main(void)
{
    struct sockaddr_in addr = {0}, peer;
    socklen_t plen;
    int srv;

    signal(SIGPIPE, SIG_IGN);
    srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0) { perror("socket"); return 1; }

    addr.sin_family = AF_INET;
    addr.sin_port = htons(PORT);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(srv, BACKLOG) != 0) {
        perror("bind");
        return 1;
    }

    for (;;) {
        client_t c;
        char name[256];

        plen = sizeof peer;
        c.fd = accept(srv, (struct sockaddr *)&peer, &plen);
        if (c.fd < 0)
            continue;
        inet_ntop(AF_INET, &peer.sin_addr, c.peer, sizeof c.peer);
        if (recv_hostname(&c, name, sizeof name) == 0) {
            fprintf(stderr, "[%s] lookup %s\n", c.peer, name);
            lookup_and_reply(&c, name);
        }
        close(c.fd);
    }
}
