/*
 * log_compress.c - compresses rotated log files with gzip.
 *
 * Reads file names, one per line, from stdin (typically the output of
 * `find /var/log/app -name '*.log.1'`) and gzips each one in a child
 * process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define GZIP_BIN "/bin/gzip"

static int gzip_file(const char *path)
{
    int status;
    pid_t pid = fork();

    if (pid == -1)
        return -1;
    if (pid == 0) {
        /* Arguments are passed directly to gzip; no shell is involved. */
        execl(GZIP_BIN, "gzip", "-9", "-f", "--", path, (char *)NULL);
        _exit(127);
    }
    while (waitpid(pid, &status, 0) == -1)
        ;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned done = 0, failed = 0;

    while ((len = getline(&line, &cap, stdin)) != -1) {
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        if (len == 0)
            continue;
        if (gzip_file(line) == 0) {
            done++;
        } else {
            fprintf(stderr, "gzip failed: %s\n", line);
            failed++;
        }
    }
    free(line);
    printf("compressed %u file(s), %u failure(s)\n", done, failed);
    return failed ? 1 : 0;
}
