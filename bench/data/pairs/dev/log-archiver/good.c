/*
 * logroll - rotate log files by hand.
 *
 * Every FILE given on the command line is renamed to FILE.YYYYMMDD, an
 * empty FILE with the same permissions is created in its place, and the
 * renamed copy is compressed with gzip.
 *
 * usage: logroll FILE...
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define GZIP_PATH "/bin/gzip"
#define NAME_BUF  4096

static int rotated_name(const char *path, char *out, size_t outsz)
{
    char stamp[16];
    time_t now = time(NULL);
    struct tm tm;
    int n;

    if (localtime_r(&now, &tm) == NULL)
        return -1;
    if (strftime(stamp, sizeof stamp, "%Y%m%d", &tm) == 0)
        return -1;
    n = snprintf(out, outsz, "%s.%s", path, stamp);
    if (n < 0 || (size_t)n >= outsz)
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    char target[NAME_BUF];
    struct stat st;
    pid_t pid;
    int i, fd, status, failed = 0;

    if (argc < 2)
    {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++)
    {
        const char *path = argv[i];

        if (lstat(path, &st) < 0)
        {
            perror(path);
            failed = 1;
            continue;
        }
        if (!S_ISREG(st.st_mode))
        {
            fprintf(stderr, "%s: not a regular file, skipped\n", path);
            failed = 1;
            continue;
        }
        if (rotated_name(path, target, sizeof target) < 0)
        {
            fprintf(stderr, "%s: name too long\n", path);
            failed = 1;
            continue;
        }
        if (rename(path, target) < 0)
        {
            perror(target);
            failed = 1;
            continue;
        }

        /* give the daemon a fresh, empty log to write to */
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL, st.st_mode & 07777);
        if (fd < 0)
            perror(path);
        else
            close(fd);

        /* compress the rotated copy in place (TARGET becomes TARGET.gz);
           gzip gets the name as a single argument, no shell involved */
        status = -1;
        pid = fork();
        if (pid == 0)
        {
            char *const args[] = { "gzip", "-9", "--", target, NULL };

            execv(GZIP_PATH, args);
            _exit(127);
        }
        if (pid > 0)
        {
            while (waitpid(pid, &status, 0) < 0)
            {
                if (errno != EINTR)
                {
                    status = -1;
                    break;
                }
            }
        }
        if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        {
            fprintf(stderr, "%s: compression failed\n", target);
            failed = 1;
            continue;
        }
        printf("%s -> %s.gz\n", path, target);
    }
    return failed;
}
