/*
 * socket_echo_name - TCP chat-style echo server. The first line a client
 * sends is its nickname; every later line is echoed back, preceded by
 * that nickname.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define PORT 7070
#define NICK_LEN 16

struct client {
    int fd;
    char nick[NICK_LEN];
};

static void strip_eol(char *s)
{
    s[strcspn(s, "\r\n")] = '\0';
}

static void serve(struct client *c)
{
    char buf[256];
    char reply[300];
    ssize_t n;
    int have_nick = 0;

    while ((n = recv(c->fd, buf, sizeof buf - 1, 0)) > 0) {
        buf[n] = '\0';
        strip_eol(buf);
        if (!have_nick) {
            strcpy(c->nick, buf); /* FLAW: CWE-120 */
            have_nick = 1;
            continue;
        }
        int len = snprintf(reply, sizeof reply, "%s> %s\n", c->nick, buf);
        if (len > 0 && (size_t)len < sizeof reply)
            send(c->fd, reply, (size_t)len, 0);
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
    addr.sin_port = htons(PORT);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(srv, 4) < 0) {
        perror("bind/listen");
        close(srv);
        return 1;
    }

    for (;;) {
        struct client c;
        c.fd = accept(srv, NULL, NULL);
        if (c.fd < 0) {
            perror("accept");
            continue;
        }
        memset(c.nick, 0, sizeof c.nick);
        serve(&c);
        close(c.fd);
    }
}
