/*
 * graceful_shutdown.c - TCP echo service that finishes the current
 * client and exits cleanly on SIGTERM/SIGINT, and reopens its log file
 * on SIGHUP (for logrotate).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <errno.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/socket.h>

#define LOG_PATH "/var/log/echod.log"

static volatile sig_atomic_t stop_requested;
static volatile sig_atomic_t reopen_requested;

static void on_signal(int sig)
{
    if (sig == SIGHUP)
        reopen_requested = 1;
    else
        stop_requested = 1;
}

static FILE *open_log(FILE *old)
{
    FILE *f;
    if (old)
        fclose(old);
    f = fopen(LOG_PATH, "a");
    return f ? f : stderr;
}

int main(void)
{
    struct sigaction sa;
    struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons(7007) };
    FILE *log = open_log(NULL);
    char buf[1024];
    int srv;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;   /* no SA_RESTART: accept() returns EINTR */
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);

    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0 || bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(srv, 8) < 0) {
        perror("echod");
        return 1;
    }
    while (!stop_requested) {
        if (reopen_requested) {
            reopen_requested = 0;
            log = open_log(log == stderr ? NULL : log);
        }
        int c = accept(srv, NULL, NULL);
        if (c < 0) {
            if (errno != EINTR)
                fprintf(log, "accept: %s\n", strerror(errno));
            continue;
        }
        ssize_t n;
        while ((n = read(c, buf, sizeof buf)) > 0)
            if (write(c, buf, (size_t)n) != n)
                break;
        close(c);
        fprintf(log, "client served\n");
        fflush(log);
    }
    fprintf(log, "shutting down\n");
    close(srv);
    if (log != stderr)
        fclose(log);
    return 0;
}
