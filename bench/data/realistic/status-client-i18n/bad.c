/* svcstat: asks the status service on a host for its state and prints the answer (translated UI) */
#include <libintl.h>
#include <locale.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define _(s) gettext(s)
#define STATUS_PORT "7007"

static int connect_to(const char *host)
{
    struct addrinfo hints, *res, *ai;
    int fd = -1;

    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, STATUS_PORT, &hints, &res) != 0)
        return -1;
    for (ai = res; ai != NULL; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0)
            continue;
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
            break;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    return fd;
}

static void show_reply(const char *reply)
{
    printf(_("Status: "));
    printf(reply); /* FLAW: CWE-134 */
    putchar('\n');
}

int main(int argc, char **argv)
{
    char reply[512];
    ssize_t n;
    int fd;

    setlocale(LC_ALL, "");
    textdomain("svcstat");
    if (argc != 2) {
        fprintf(stderr, _("usage: %s HOST\n"), argv[0]);
        return 2;
    }
    fd = connect_to(argv[1]);
    if (fd < 0) {
        fprintf(stderr, _("%s: cannot connect\n"), argv[1]);
        return 1;
    }
    if (write(fd, "STATUS\n", 7) != 7) {
        close(fd);
        return 1;
    }
    n = read(fd, reply, sizeof reply - 1);
    close(fd);
    if (n <= 0)
        return 1;
    reply[n] = '\0';
    reply[strcspn(reply, "\r\n")] = '\0';
    printf(_("Connected to %s\n"), argv[1]);
    show_reply(reply);
    return 0;
}
