/*
 * chat_relay.c - minimal two-party chat relay.
 *
 * Accepts two TCP clients on port 6000 and forwards each line typed by
 * one to the other, preceded by the sender's nickname.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <poll.h>
#include <netinet/in.h>
#include <sys/socket.h>

#define PORT 6000

static int relay_line(int to, const char *nick, const char *text, size_t len)
{
    char out[1200];
    int n = snprintf(out, sizeof out, "<%s> %.*s", nick, (int)len, text);

    if (n < 0)
        return -1;
    if ((size_t)n >= sizeof out)
        n = (int)sizeof out - 1;
    return write(to, out, (size_t)n) == n ? 0 : -1;
}

int main(void)
{
    static const char *nick[2] = { "alice", "bob" };
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(PORT) };
    struct pollfd pfd[2];
    char buf[1024];
    int srv, one = 1;

    srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0 || setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
        bind(srv, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(srv, 2) < 0) {
        perror("server");
        return 1;
    }
    for (int i = 0; i < 2; i++) {
        pfd[i].fd = accept(srv, NULL, NULL);
        if (pfd[i].fd < 0) {
            perror("accept");
            return 1;
        }
        pfd[i].events = POLLIN;
        printf("%s connected\n", nick[i]);
    }

    for (;;) {
        if (poll(pfd, 2, -1) < 0)
            break;
        for (int i = 0; i < 2; i++) {
            if (!(pfd[i].revents & (POLLIN | POLLHUP)))
                continue;
            ssize_t n = read(pfd[i].fd, buf, sizeof buf);
            if (n <= 0 || relay_line(pfd[1 - i].fd, nick[i], buf, (size_t)n) != 0) {
                printf("%s left\n", nick[i]);
                goto done;
            }
        }
    }
done:
    close(pfd[0].fd);
    close(pfd[1].fd);
    close(srv);
    return 0;
}
