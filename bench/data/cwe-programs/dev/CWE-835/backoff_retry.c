/*
 * backoff_retry.c - runs a command, retrying on failure with
 * exponential backoff, as used by the deploy scripts for flaky
 * network steps.
 *
 * usage: backoff_retry MAX_ATTEMPTS COMMAND [ARGS...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

#define MAX_ALLOWED_ATTEMPTS 20
#define MAX_DELAY 300

static int run_once(char **argv)
{
    int status;
    pid_t pid = fork();

    if (pid < 0)
        return -1;
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(int argc, char **argv)
{
    char *end;
    long attempts;
    unsigned delay = 1;
    int rc = -1;

    if (argc < 3) {
        fprintf(stderr, "usage: %s MAX_ATTEMPTS COMMAND [ARGS...]\n", argv[0]);
        return 2;
    }
    attempts = strtol(argv[1], &end, 10);
    if (*end != '\0' || attempts < 1 || attempts > MAX_ALLOWED_ATTEMPTS) {
        fprintf(stderr, "MAX_ATTEMPTS must be 1..%d\n", MAX_ALLOWED_ATTEMPTS);
        return 2;
    }

    for (long i = 1; i <= attempts; i++) {
        rc = run_once(argv + 2);
        if (rc == 0)
            return 0;
        if (rc == 127 || i == attempts)
            break;
        fprintf(stderr, "attempt %ld/%ld failed (%d), retrying in %us\n", i, attempts, rc, delay);
        sleep(delay);
        delay = delay * 2 > MAX_DELAY ? MAX_DELAY : delay * 2;
    }
    fprintf(stderr, "giving up after %ld attempt(s)\n", attempts);
    return rc > 0 ? rc : 1;
}
