/*
 * service_launcher.c - started as root by init; opens its privileged
 * listening socket and then permanently becomes the service account
 * before running the worker program.
 *
 * usage: service_launcher USER PROGRAM [ARGS...]
 * The listening socket is handed to PROGRAM as file descriptor 3.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <pwd.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/socket.h>

#define LISTEN_FD 3

static int open_listener(unsigned short port)
{
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
    int one = 1, fd = socket(AF_INET, SOCK_STREAM, 0);

    if (fd < 0)
        return -1;
    sa.sin_addr.s_addr = htonl(INADDR_ANY);
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(fd, 64) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static int become(const struct passwd *pw)
{
    if (setgroups(0, NULL) != 0)
        return -1;
    if (setgid(pw->pw_gid) != 0)
        return -1;
    if (setuid(pw->pw_uid) != 0)
        return -1;
    /* Regaining root must now be impossible. */
    if (pw->pw_uid != 0 && (setuid(0) == 0 || geteuid() == 0))
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    struct passwd *pw;
    int fd;

    if (argc < 3) {
        fprintf(stderr, "usage: %s USER PROGRAM [ARGS...]\n", argv[0]);
        return 2;
    }
    if ((pw = getpwnam(argv[1])) == NULL) {
        fprintf(stderr, "unknown user %s\n", argv[1]);
        return 1;
    }
    if ((fd = open_listener(443)) < 0) {
        perror("listen :443");
        return 1;
    }
    if (fd != LISTEN_FD) {
        if (dup2(fd, LISTEN_FD) < 0) {
            perror("dup2");
            return 1;
        }
        close(fd);
    }
    if (become(pw) != 0) {
        perror("dropping privileges");
        return 1;
    }
    execv(argv[2], &argv[2]);
    perror(argv[2]);
    return 127;
}
