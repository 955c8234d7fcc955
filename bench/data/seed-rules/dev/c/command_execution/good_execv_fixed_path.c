#include <stdio.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run /usr/bin/wc directly (no shell) on a validated file name. */
int count_lines(const char *path)
{
    pid_t pid;
    int status;

    if (path[0] == '-' || path[0] == '\0')
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execl("/usr/bin/wc", "wc", "-l", "--", path, (char *)NULL);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
