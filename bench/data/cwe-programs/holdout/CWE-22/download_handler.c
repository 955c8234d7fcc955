/*
 * download_handler.c - serves files to a mirror client over TCP.
 *
 * Protocol: client sends "FETCH <relative path>\n"; the server replies
 * "OK <size>\n" followed by the file, or "ERR <reason>\n".
 * Only files below the mirror root may be fetched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <netinet/in.h>

#define MIRROR_ROOT "/srv/mirror"

static void say(int fd, const char *msg)
{
    (void)send(fd, msg, strlen(msg), MSG_NOSIGNAL);
}

/*
 * Canonicalise ROOT/REL and accept it only when it is ROOT itself or
 * lies strictly below it.
 */
static int confine(const char *root_real, const char *rel, char resolved[PATH_MAX])
{
    char joined[PATH_MAX];
    size_t rlen = strlen(root_real);

    if (snprintf(joined, sizeof joined, "%s/%s", root_real, rel) >= (int)sizeof joined)
        return -1;
    if (!realpath(joined, resolved))
        return -1;
    if (strncmp(resolved, root_real, rlen) != 0)
        return -1;
    if (resolved[rlen] != '/' && resolved[rlen] != '\0')
        return -1;
    return 0;
}

static void handle(int cli, const char *root_real)
{
    char req[PATH_MAX + 16], path[PATH_MAX], hdr[64], buf[8192];
    struct stat st;
    ssize_t n = recv(cli, req, sizeof req - 1, 0);
    int fd;

    if (n <= 0)
        return;
    req[n] = '\0';
    req[strcspn(req, "\r\n")] = '\0';
    if (strncmp(req, "FETCH ", 6) != 0) { say(cli, "ERR unknown request\n"); return; }
    if (confine(root_real, req + 6, path) != 0) { say(cli, "ERR not found\n"); return; }

    fd = open(path, O_RDONLY);
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        say(cli, "ERR not found\n");
        if (fd >= 0) close(fd);
        return;
    }
    snprintf(hdr, sizeof hdr, "OK %lld\n", (long long)st.st_size);
    say(cli, hdr);
    while ((n = read(fd, buf, sizeof buf)) > 0)
        if (send(cli, buf, (size_t)n, MSG_NOSIGNAL) < 0)
            break;
    close(fd);
}

int main(void)
{
    char root_real[PATH_MAX];
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(7070) };
    int srv;

    if (!realpath(MIRROR_ROOT, root_real)) { perror(MIRROR_ROOT); return 1; }
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0 || bind(srv, (struct sockaddr *)&sa, sizeof sa) < 0 || listen(srv, 8) < 0) {
        perror("listen");
        return 1;
    }
    for (;;) {
        int cli = accept(srv, NULL, NULL);
        if (cli < 0) continue;
        handle(cli, root_real);
        close(cli);
    }
}
