#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "/tmp/demo.pid";
    char buf[32];
    int fd, n, rc = 0;

    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        perror("open");
        return 1;
    }
    n = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
    if (n < 0 || write_all(fd, buf, (size_t)n) != 0)
        rc = 1;
    if (close(fd) != 0)
        rc = 1;
    return rc;
}
