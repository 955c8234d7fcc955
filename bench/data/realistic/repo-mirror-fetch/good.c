/* mirrorctl: reads repository URLs (one per line) on stdin and refreshes a local mirror of each */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define MIRROR_ROOT "/srv/mirrors"

static int run_and_wait(pid_t pid)
{
    int status;

    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* git gets the URL as one argument after "--": no shell, and it cannot pass for an option */
static int fetch(const char *url)
{
    pid_t pid = fork();

    if (pid == 0) {
        if (chdir(MIRROR_ROOT) != 0)
            _exit(126);
        execlp("git", "git", "clone", "--mirror", "--", url, (char *)NULL);
        _exit(127);
    }
    return run_and_wait(pid);
}

int main(void)
{
    char line[512];
    int failed = 0;

    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (fetch(line) != 0) {
            fprintf(stderr, "mirrorctl: %s failed\n", line);
            failed++;
        }
    }
    return failed ? 1 : 0;
}
