/* relays lines from a client socket into the system log */
#include <stdio.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>
#include <sys/socket.h>

static void log_line(const char *line)
{
    syslog(LOG_INFO, "%s", line);
}

int relay(int client)
{
    char buf[512];
    ssize_t n;

    openlog("relay", LOG_PID, LOG_DAEMON);
    while ((n = recv(client, buf, sizeof buf - 1, 0)) > 0) {
        buf[n] = '\0';
        buf[strcspn(buf, "\r\n")] = '\0';
        log_line(buf);
    }
    closelog();
    return n < 0 ? -1 : 0;
}
