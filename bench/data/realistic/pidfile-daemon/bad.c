/* tickerd: a tiny daemon that appends a heartbeat line every few seconds; one instance per host */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PIDFILE "/run/tickerd.pid"
#define BEAT_LOG "/var/log/tickerd.log"

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
    (void)sig;
    stop = 1;
}

static int write_pidfile(void)
{
    struct stat st;
    char buf[32];
    int fd, n;

    if (stat(PIDFILE, &st) == 0) {
        fprintf(stderr, "tickerd: already running (%s exists)\n", PIDFILE);
        return -1;
    }
    fd = open(PIDFILE, O_WRONLY | O_CREAT | O_TRUNC, 0644); /* FLAW: CWE-367 */
    if (fd < 0)
        return -1;
    n = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
    if (write(fd, buf, (size_t)n) != n) {
        close(fd);
        unlink(PIDFILE);
        return -1;
    }
    return close(fd);
}

int main(void)
{
    FILE *log;

    if (write_pidfile() != 0)
        return 1;
    signal(SIGTERM, on_term);
    signal(SIGINT, on_term);
    log = fopen(BEAT_LOG, "a");
    if (log == NULL) {
        unlink(PIDFILE);
        return 1;
    }
    while (!stop) {
        fprintf(log, "beat %ld\n", (long)time(NULL));
        fflush(log);
        sleep(5);
    }
    fclose(log);
    unlink(PIDFILE);
    return 0;
}
