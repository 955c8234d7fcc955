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

static int fetch(const char *url)
{
    char cmd[1024];
    pid_t pid;

    if (snprintf(cmd, sizeof cmd, "cd %s && git clone --mirror %s", MIRROR_ROOT, url) >= (int)sizeof cmd)
        return -1;
    pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL); /* FLAW: CWE-78 */
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
