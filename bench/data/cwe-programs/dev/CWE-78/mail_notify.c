/*
 * mail_notify.c - sends a build notification mail.
 *
 * Reads the recipient address from the first line of stdin and the
 * message body from the rest, then hands the message to the local
 * mail(1) program in a child process.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#define SUBJECT "[ci] build finished"

static int read_recipient(char *buf, size_t cap)
{
    if (fgets(buf, (int)cap, stdin) == NULL)
        return -1;
    buf[strcspn(buf, "\r\n")] = '\0';
    return strchr(buf, '@') != NULL ? 0 : -1;
}

static pid_t spawn_mailer(const char *rcpt, int *wfd)
{
    char cmdline[512];
    int pipefd[2];
    pid_t pid;

    snprintf(cmdline, sizeof cmdline, "mail -s '" SUBJECT "' %s", rcpt);
    if (pipe(pipefd) != 0)
        return -1;

    pid = fork();
    if (pid < 0) {
        close(pipefd[0]);
        close(pipefd[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(pipefd[0], STDIN_FILENO);
        close(pipefd[0]);
        close(pipefd[1]);
        execl("/bin/sh", "sh", "-c", cmdline, (char *)NULL); /* FLAW: CWE-78 */
        _exit(127);
    }
    close(pipefd[0]);
    *wfd = pipefd[1];
    return pid;
}

int main(void)
{
    char rcpt[256], line[1024];
    int wfd, status;
    pid_t pid;
    FILE *body;

    if (read_recipient(rcpt, sizeof rcpt) != 0) {
        fprintf(stderr, "first line must be a recipient address\n");
        return 1;
    }
    pid = spawn_mailer(rcpt, &wfd);
    if (pid < 0) {
        perror("spawn");
        return 1;
    }
    body = fdopen(wfd, "w");
    if (body == NULL) {
        close(wfd);
        waitpid(pid, NULL, 0);
        return 1;
    }
    while (fgets(line, sizeof line, stdin) != NULL)
        fputs(line, body);
    fclose(body);

    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "mailer failed\n");
        return 1;
    }
    return 0;
}
