/*
 * control_socket.c - root daemon managing the firewall rule set.
 * Listens on a UNIX socket for "allow <ip>" / "block <ip>" commands
 * from the admin tools and applies them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#define SOCK_PATH "/run/fwctl.sock"

static int apply_rule(const char *verb, const char *ip)
{
    struct in_addr a;

    if (inet_pton(AF_INET, ip, &a) != 1)
        return -1;
    /* Real rule changes go through netlink; logged here for the audit trail. */
    fprintf(stderr, "fwctl: %s %s\n", verb, ip);
    return 0;
}

static int open_control_socket(void)
{
    struct sockaddr_un sun;
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);

    if (fd < 0)
        return -1;
    memset(&sun, 0, sizeof sun);
    sun.sun_family = AF_UNIX;
    strncpy(sun.sun_path, SOCK_PATH, sizeof sun.sun_path - 1);
    unlink(SOCK_PATH);
    if (bind(fd, (struct sockaddr *)&sun, sizeof sun) != 0 || listen(fd, 8) != 0) {
        close(fd);
        return -1;
    }
    /* Let the admin tools connect without needing sudo. */
    if (chmod(SOCK_PATH, 0777) != 0) { /* FLAW: CWE-732 */
        close(fd);
        return -1;
    }
    return fd;
}

int main(void)
{
    char buf[128], verb[16], ip[64];
    int srv = open_control_socket();

    if (srv < 0) {
        perror(SOCK_PATH);
        return 1;
    }
    for (;;) {
        int c = accept(srv, NULL, NULL);
        ssize_t n;
        if (c < 0)
            continue;
        n = read(c, buf, sizeof buf - 1);
        if (n > 0) {
            buf[n] = '\0';
            int ok = sscanf(buf, "%15s %63s", verb, ip) == 2 &&
                     (strcmp(verb, "allow") == 0 || strcmp(verb, "block") == 0) &&
                     apply_rule(verb, ip) == 0;
            if (write(c, ok ? "ok\n" : "error\n", ok ? 3 : 6) < 0)
                perror("write");
        }
        close(c);
    }
}
