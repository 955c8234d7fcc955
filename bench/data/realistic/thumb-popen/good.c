/* thumbnail service: receives an image name from a client and converts it */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>

#define MAX_NAME 100

static int convert(const char *name)
{
    char src[160], dst[160];
    pid_t pid;
    int status;

    snprintf(src, sizeof src, "/srv/images/%s", name);
    snprintf(dst, sizeof dst, "/srv/thumbs/%s", name);
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        execl("/usr/bin/convert", "convert", src, "-resize", "64x64", dst, (char *)NULL);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int valid_name(const char *s)
{
    if (*s == '\0' || *s == '.')
        return 0;
    return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == strlen(s);
}

int handle_client(int fd)
{
    char name[MAX_NAME + 1];
    ssize_t n = recv(fd, name, MAX_NAME, 0);

    if (n <= 0)
        return -1;
    name[n] = '\0';
    name[strcspn(name, "\r\n")] = '\0';
    if (!valid_name(name))
        return -1;
    return convert(name) == 0 ? 0 : -1;
}
