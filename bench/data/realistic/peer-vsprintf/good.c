/* reply formatting for a line-based protocol server */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

static int reply(int fd, const char *fmt, ...)
{
    va_list ap, ap2;
    char *line;
    int len, rc;

    va_start(ap, fmt);
    va_copy(ap2, ap);
    len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (len < 0) {
        va_end(ap2);
        return -1;
    }
    line = malloc((size_t)len + 1);
    if (line == NULL) {
        va_end(ap2);
        return -1;
    }
    vsnprintf(line, (size_t)len + 1, fmt, ap2);
    va_end(ap2);
    rc = send(fd, line, (size_t)len, 0) < 0 ? -1 : 0;
    free(line);
    return rc;
}

int greet_client(int fd)
{
    char nick[256];
    ssize_t n = recv(fd, nick, sizeof nick - 1, 0);

    if (n <= 0)
        return -1;
    nick[n] = '\0';
    nick[strcspn(nick, "\r\n")] = '\0';
    return reply(fd, "200 welcome %s\r\n", nick);
}
