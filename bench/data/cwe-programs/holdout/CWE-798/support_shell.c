/*
 * support_shell.c - remote support port of the NAS appliance.
 *
 * Listens on TCP 2323; after a successful login the technician can
 * query disk and RAID status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/socket.h>

#define SUPPORT_PORT 2323

struct session {
    int fd;
    int authed;
};

static int read_line(int fd, char *buf, size_t cap)
{
    size_t n = 0;
    char c;

    while (n + 1 < cap && read(fd, &c, 1) == 1) {
        if (c == '\n')
            break;
        if (c != '\r')
            buf[n++] = c;
    }
    buf[n] = '\0';
    return n > 0 ? 0 : -1;
}

static void say(struct session *s, const char *msg)
{
    (void)write(s->fd, msg, strlen(msg));
}

static int authenticate(struct session *s)
{
    char user[64], pass[64];

    say(s, "login: ");
    if (read_line(s->fd, user, sizeof user) != 0)
        return 0;
    say(s, "password: ");
    if (read_line(s->fd, pass, sizeof pass) != 0)
        return 0;
    return strcmp(user, "support") == 0 && strcmp(pass, "nas-Supp0rt-88") == 0; /* FLAW: CWE-798 */
}

static void command_loop(struct session *s)
{
    char cmd[64];

    while (say(s, "nas> "), read_line(s->fd, cmd, sizeof cmd) == 0) {
        if (strcmp(cmd, "disks") == 0)
            say(s, "sda: ok\nsdb: ok\nsdc: degraded\n");
        else if (strcmp(cmd, "raid") == 0)
            say(s, "md0: raid5 [3/2] rebuilding 41%\n");
        else if (strcmp(cmd, "quit") == 0)
            return;
        else
            say(s, "commands: disks raid quit\n");
    }
}

int main(void)
{
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(SUPPORT_PORT) };
    int srv = socket(AF_INET, SOCK_STREAM, 0);

    sa.sin_addr.s_addr = htonl(INADDR_ANY);
    if (srv < 0 || bind(srv, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(srv, 2) != 0) {
        perror("support_shell");
        return 1;
    }
    for (;;) {
        struct session s = { accept(srv, NULL, NULL), 0 };
        if (s.fd < 0)
            continue;
        s.authed = authenticate(&s);
        if (s.authed)
            command_loop(&s);
        else
            say(&s, "access denied\n");
        close(s.fd);
    }
}
