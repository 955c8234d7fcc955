/*
 * log_appender.c - root-run maintenance script helper that appends a
 * status line to a per-project log in a shared directory.
 *
 * usage: log_appender LOGFILE MESSAGE
 * The log must be an existing regular file (not a link) owned by the
 * project group.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

typedef struct {
    const char *path;
    gid_t required_gid;
} log_target;

static int target_ok(const log_target *t)
{
    struct stat st;

    if (lstat(t->path, &st) != 0)
        return 0;
    if (!S_ISREG(st.st_mode))
        return 0;
    return st.st_gid == t->required_gid;
}

static int append_line(const log_target *t, const char *msg)
{
    char line[600], ts[32];
    time_t now = time(NULL);
    struct tm tmv;
    int fd, len;

    strftime(ts, sizeof ts, "%F %T", localtime_r(&now, &tmv));
    len = snprintf(line, sizeof line, "%s %s\n", ts, msg);
    if (len < 0 || (size_t)len >= sizeof line)
        return -1;

    fd = open(t->path, O_WRONLY | O_APPEND); /* FLAW: CWE-367 */
    if (fd < 0)
        return -1;
    if (write(fd, line, (size_t)len) != len) {
        close(fd);
        return -1;
    }
    return close(fd);
}

int main(int argc, char **argv)
{
    log_target t = { .required_gid = 1500 };   /* "projects" group */

    if (argc != 3) {
        fprintf(stderr, "usage: %s LOGFILE MESSAGE\n", argv[0]);
        return 2;
    }
    t.path = argv[1];
    if (!target_ok(&t)) {
        fprintf(stderr, "%s: not a project log file\n", t.path);
        return 1;
    }
    if (append_line(&t, argv[2]) != 0) {
        perror(t.path);
        return 1;
    }
    return 0;
}
