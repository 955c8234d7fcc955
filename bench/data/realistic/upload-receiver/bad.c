/*
 * dropbox-lite: accepts uploads on port 9300.  A client sends one line
 * "PUT <filename> <size>\n" followed by <size> bytes; the file is stored in the inbox.
 */
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define INBOX "/srv/inbox"
#define MAX_UPLOAD (16L * 1024 * 1024)

static ssize_t read_line(int fd, char *buf, size_t cap)
{
    size_t n = 0;
    char c;

    while (n + 1 < cap) {
        ssize_t r = recv(fd, &c, 1, 0);
        if (r <= 0)
            return -1;
        if (c == '\n')
            break;
        buf[n++] = c;
    }
    buf[n] = '\0';
    return (ssize_t)n;
}

static int save_upload(int fd, const char *name, long size)
{
    char path[512];
    char buf[4096];
    FILE *out;

    snprintf(path, sizeof path, "%s/%s", INBOX, name);
    out = fopen(path, "wb"); /* FLAW: CWE-22 */
    if (out == NULL)
        return -1;
    while (size > 0) {
        ssize_t r = recv(fd, buf, size < (long)sizeof buf ? (size_t)size : sizeof buf, 0);
        if (r <= 0)
            break;
        if (fwrite(buf, 1, (size_t)r, out) != (size_t)r)
            break;
        size -= r;
    }
    if (fclose(out) != 0 || size != 0) {
        unlink(path);
        return -1;
    }
    return 0;
}

static void handle(int c)
{
    char line[300];
    char name[256];
    long size;

    if (read_line(c, line, sizeof line) <= 0)
        return;
    if (sscanf(line, "PUT %255s %ld", name, &size) != 2 || size < 0 || size > MAX_UPLOAD) {
        send(c, "ERR\n", 4, 0);
        return;
    }
    if (save_upload(c, name, size) == 0)
        send(c, "OK\n", 3, 0);
    else
        send(c, "ERR\n", 4, 0);
}

int main(void)
{
    struct sockaddr_in a;
    int s = socket(AF_INET, SOCK_STREAM, 0), c;

    if (s < 0)
        return 1;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(9300);
    if (bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 4) != 0)
        return 1;
    while ((c = accept(s, NULL, NULL)) >= 0) {
        handle(c);
        close(c);
    }
    return 0;
}
