/*
 * disk_usage.c - prints the disk usage of each path given on the
 * command line, then flushes filesystem buffers.
 *
 * usage: disk_usage PATH...
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

/* Run du on a single path, passing it as a separate argument. */
static int du_one(const char *path)
{
    char *const args[] = { "du", "-sh", "--", (char *)path, NULL };
    int status;
    pid_t pid = fork();

    if (pid < 0)
        return -1;
    if (pid == 0) {
        execvp(args[0], args);
        perror("execvp du");
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return (WIFEXITED(status) && WEXITSTATUS(status) == 0) ? 0 : -1;
}

int main(int argc, char *argv[])
{
    int failed = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s PATH...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (du_one(argv[i]) != 0) {
            fprintf(stderr, "du failed for %s\n", argv[i]);
            failed++;
        }
    }

    /* Make sure the numbers reflect what is actually on disk next time. */
    if (system("sync") != 0)
        fprintf(stderr, "sync reported an error\n");

    return failed ? 1 : 0;
}
