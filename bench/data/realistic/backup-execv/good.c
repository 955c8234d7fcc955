/* backup: archives the directory named by the user into /var/backups */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
    char *args[6];
    pid_t pid;
    int status;

    if (argc != 2) {
        fprintf(stderr, "usage: backup DIR\n");
        return 2;
    }
    args[0] = "tar";
    args[1] = "czf";
    args[2] = "/var/backups/backup.tgz";
    args[3] = "--";
    args[4] = argv[1];
    args[5] = NULL;
    pid = fork();
    if (pid < 0)
        return 1;
    if (pid == 0) {
        execv("/bin/tar", args);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "backup failed\n");
        return 1;
    }
    return 0;
}
