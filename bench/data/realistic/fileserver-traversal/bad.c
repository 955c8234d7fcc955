/* a one-request file server: the client sends a file name, gets the file back */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#define DOC_ROOT "/var/lib/files"

static int send_file(int fd, const char *path)
{
    char chunk[1024];
    size_t n;
    FILE *f = fopen(path, "rb"); /* FLAW: CWE-22 */

    if (f == NULL)
        return -1;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (send(fd, chunk, n, 0) < 0)
            break;
    }
    fclose(f);
    return 0;
}

int serve(int fd)
{
    char name[128];
    char path[256];
    ssize_t n = recv(fd, name, sizeof name - 1, 0);

    if (n <= 0)
        return -1;
    name[n] = '\0';
    name[strcspn(name, "\r\n")] = '\0';
    snprintf(path, sizeof path, "%s/%s", DOC_ROOT, name);
    return send_file(fd, path);
}
