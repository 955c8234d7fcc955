/*
 * pid_file_daemon.c - detaches from the terminal, records its pid and
 * then runs a heartbeat loop writing to syslog.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <syslog.h>
#include <unistd.h>
#include <sys/stat.h>

#define PID_FILE "/run/heartbeatd.pid"

static int daemonize(void)
{
    pid_t pid = fork();
    int fd;

    if (pid < 0)
        return -1;
    if (pid > 0)
        _exit(0);
    if (setsid() < 0)
        return -1;
    if (chdir("/") != 0)
        return -1;
    umask(022);
    fd = open("/dev/null", O_RDWR);
    if (fd < 0)
        return -1;
    if (dup2(fd, STDIN_FILENO) < 0 || dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0)
        return -1;
    if (fd > STDERR_FILENO)
        close(fd);
    return 0;
}

static int write_pid_file(const char *path)
{
    char buf[32];
    int len = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);

    if (fd < 0)
        return -1;
    if (write(fd, buf, (size_t)len) != len) {
        close(fd);
        unlink(path);
        return -1;
    }
    return close(fd);
}

int main(void)
{
    unsigned long beats = 0;

    openlog("heartbeatd", LOG_PID, LOG_DAEMON);
    if (daemonize() != 0) {
        syslog(LOG_ERR, "daemonize failed: %s", strerror(errno));
        return 1;
    }
    if (write_pid_file(PID_FILE) != 0) {
        syslog(LOG_ERR, "cannot write %s: %s", PID_FILE, strerror(errno));
        return 1;
    }
    for (;;) {
        if (++beats % 60 == 0)
            syslog(LOG_INFO, "alive, %lu beats", beats);
        sleep(1);
    }
}
