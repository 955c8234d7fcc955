#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Write the PID of this process to a pid file. */
int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "/tmp/demo.pid";
    char buf[32];
    int fd, n;

    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        perror("open");
        return 1;
    }
    n = snprintf(buf, sizeof buf, "%ld\n", (long)getpid());
    write(fd, buf, (size_t)n); /* FLAW: unchecked_io */
    close(fd); /* FLAW: unchecked_io */
    return 0;
}
