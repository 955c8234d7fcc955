/*
 * tmp_workspace.c - sorts the lines of stdin using a scratch file in
 * the temporary directory (for inputs larger than we want in memory,
 * the scratch file is handed to sort(1)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static const char *tmpdir(void)
{
    const char *d = getenv("TMPDIR");
    return d && *d ? d : "/tmp";
}

int main(void)
{
    char tmpl[4096], buf[8192];
    size_t n;
    int fd, status;
    pid_t pid;
    FILE *scratch;

    if (snprintf(tmpl, sizeof tmpl, "%s/sortXXXXXX", tmpdir()) >= (int)sizeof tmpl)
        return 1;
    fd = mkstemp(tmpl);                 /* creates the file atomically, mode 0600 */
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    if ((scratch = fdopen(fd, "w")) == NULL) {
        close(fd);
        unlink(tmpl);
        return 1;
    }
    while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
        if (fwrite(buf, 1, n, scratch) != n)
            break;
    if (ferror(stdin) || ferror(scratch)) {
        fclose(scratch);
        unlink(tmpl);
        return 1;
    }
    if (fclose(scratch) != 0) {
        unlink(tmpl);
        return 1;
    }

    pid = fork();
    if (pid < 0) {
        unlink(tmpl);
        return 1;
    }
    if (pid == 0) {
        execlp("sort", "sort", "--", tmpl, (char *)NULL);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        status = 1;
    unlink(tmpl);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
