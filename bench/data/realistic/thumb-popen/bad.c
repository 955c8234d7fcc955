/* thumbnail service: receives an image name from a client and converts it */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#define MAX_NAME 100

static int convert(const char *name)
{
    char cmd[256];
    FILE *p;
    int rc;

    snprintf(cmd, sizeof cmd, "convert /srv/images/%s -resize 64x64 /srv/thumbs/%s", name, name);
    p = popen(cmd, "r"); /* FLAW: CWE-78 */
    if (p == NULL)
        return -1;
    rc = pclose(p);
    return rc;
}

int handle_client(int fd)
{
    char name[MAX_NAME + 1];
    ssize_t n = recv(fd, name, MAX_NAME, 0);

    if (n <= 0)
        return -1;
    name[n] = '\0';
    name[strcspn(name, "\r\n")] = '\0';
    return convert(name) == 0 ? 0 : -1;
}
