/* reply formatting for a line-based protocol server */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

static int reply(int fd, const char *fmt, ...)
{
    char line[128];
    va_list ap;

    va_start(ap, fmt);
    vsprintf(line, fmt, ap); /* FLAW: CWE-787 */
    va_end(ap);
    return send(fd, line, strlen(line), 0) < 0 ? -1 : 0;
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
