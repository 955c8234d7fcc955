/*
 * crashlog: run by the init system when a service dies (as root); appends a
 * record to the service's crash log in its own, service-writable directory.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define LOG_NAME "crash.log"

struct crash {
    const char *service;
    int signo;
    long pid;
};

static int build_path(char *out, size_t len, const char *dir)
{
    int n = snprintf(out, len, "%s/%s", dir, LOG_NAME);
    return (n < 0 || (size_t)n >= len) ? -1 : 0;
}

/* refuse to follow a link the service may have planted in its directory */
static int is_plain_file(const char *path)
{
    struct stat st;

    if (lstat(path, &st) != 0)
        return 1; /* does not exist yet: we create it */
    return S_ISREG(st.st_mode);
}

static int append_record(const char *path, const struct crash *c)
{
    char line[256];
    int fd, n;

    fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0640); /* FLAW: CWE-367 */
    if (fd < 0)
        return -1;
    n = snprintf(line, sizeof line, "%ld %s pid=%ld signal=%d\n",
                 (long)time(NULL), c->service, c->pid, c->signo);
    if (n > 0 && (size_t)n < sizeof line && write(fd, line, (size_t)n) != n) {
        close(fd);
        return -1;
    }
    return close(fd);
}

int main(int argc, char **argv)
{
    char path[512];
    struct crash c;

    if (argc != 5) {
        fprintf(stderr, "usage: crashlog DIR SERVICE PID SIGNAL\n");
        return 2;
    }
    c.service = argv[2];
    c.pid = strtol(argv[3], NULL, 10);
    c.signo = atoi(argv[4]);
    if (build_path(path, sizeof path, argv[1]) != 0)
        return 1;
    if (!is_plain_file(path)) {
        fprintf(stderr, "crashlog: %s is not a regular file\n", path);
        return 1;
    }
    return append_record(path, &c) == 0 ? 0 : 1;
}
