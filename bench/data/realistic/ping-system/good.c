/* pinghost: a wrapper that pings the host given on the command line */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
    pid_t pid;
    int status;

    if (argc != 2) {
        fprintf(stderr, "usage: pinghost HOST\n");
        return 2;
    }
    if (argv[1][0] == '-')
        return 2;
    pid = fork();
    if (pid < 0)
        return 1;
    if (pid == 0) {
        execlp("ping", "ping", "-c", "1", argv[1], (char *)NULL);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return 1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
