/*
 * lockfile_create.c - runs a command while holding a lock file, so
 * that cron does not start overlapping copies of the same job.
 *
 * usage: lockfile_create LOCKFILE COMMAND [ARGS...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/wait.h>

static int take_lock(const char *path)
{
    char pid[24];
    int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    /* O_EXCL makes creation and the existence check one atomic step. */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);

    if (fd < 0)
        return -1;
    if (write(fd, pid, (size_t)len) != len) {
        close(fd);
        unlink(path);
        return -1;
    }
    return close(fd);
}

int main(int argc, char **argv)
{
    pid_t child;
    int status = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s LOCKFILE COMMAND [ARGS...]\n", argv[0]);
        return 2;
    }
    if (take_lock(argv[1]) != 0) {
        if (errno == EEXIST)
            fprintf(stderr, "%s: already running\n", argv[1]);
        else
            perror(argv[1]);
        return 1;
    }

    child = fork();
    if (child < 0) {
        perror("fork");
        unlink(argv[1]);
        return 1;
    }
    if (child == 0) {
        execvp(argv[2], &argv[2]);
        perror(argv[2]);
        _exit(127);
    }
    while (waitpid(child, &status, 0) < 0 && errno == EINTR)
        ;
    if (unlink(argv[1]) != 0)
        perror(argv[1]);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
