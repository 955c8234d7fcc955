/* chatd: one-room chat over TCP; every line a client sends is echoed to all as "<nick> text" */
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_CLIENTS 16
#define NICK_LEN 16
#define LINE_LEN 256

struct client {
    int fd;
    char nick[NICK_LEN];
};

static struct client clients[MAX_CLIENTS];
static int nclients;

static void broadcast(const char *msg, size_t len)
{
    int i;

    for (i = 0; i < nclients; i++)
        if (send(clients[i].fd, msg, len, MSG_NOSIGNAL) < 0)
            clients[i].fd = -1;
}

static size_t format_line(char *out, const char *nick, const char *text)
{
    sprintf(out, "<%s> %s\n", nick, text); /* FLAW: CWE-121 */
    return strlen(out);
}

static void on_input(struct client *c)
{
    char in[LINE_LEN];
    char out[LINE_LEN];
    ssize_t n = recv(c->fd, in, sizeof in - 1, 0);

    if (n <= 0) {
        close(c->fd);
        c->fd = -1;
        return;
    }
    in[n] = '\0';
    in[strcspn(in, "\r\n")] = '\0';
    broadcast(out, format_line(out, c->nick, in));
}

int main(void)
{
    struct sockaddr_in a;
    struct pollfd pfd[MAX_CLIENTS + 1];
    int s = socket(AF_INET, SOCK_STREAM, 0), i;

    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(6667);
    if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 8) != 0)
        return 1;
    for (;;) {
        pfd[0].fd = s;
        pfd[0].events = POLLIN;
        for (i = 0; i < nclients; i++) {
            pfd[i + 1].fd = clients[i].fd;
            pfd[i + 1].events = POLLIN;
        }
        if (poll(pfd, (nfds_t)nclients + 1, -1) < 0)
            return 1;
        if ((pfd[0].revents & POLLIN) && nclients < MAX_CLIENTS) {
            int c = accept(s, NULL, NULL);
            if (c >= 0) {
                clients[nclients].fd = c;
                snprintf(clients[nclients].nick, NICK_LEN, "guest%d", c);
                nclients++;
            }
        }
        for (i = 0; i < nclients; i++)
            if (clients[i].fd >= 0 && (pfd[i + 1].revents & POLLIN))
                on_input(&clients[i]);
    }
}
