/*
 * tinyhttpd: serves files from ./public to one client at a time.
 * Only GET is understood; anything else gets 400.
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define DOC_ROOT "public"
#define REQ_MAX 2048

static void reply_status(int c, const char *status)
{
    char hdr[128];
    int n = snprintf(hdr, sizeof hdr, "HTTP/1.0 %s\r\nContent-Length: 0\r\n\r\n", status);
    if (n > 0 && (size_t)n < sizeof hdr)
        write(c, hdr, (size_t)n);
}

/* a request names a file below the root: no absolute paths and no ".." component */
static int path_is_safe(const char *p)
{
    const char *seg = p;

    if (*p == '/')
        return 0;
    while (seg != NULL) {
        if (seg[0] == '.' && seg[1] == '.' && (seg[2] == '/' || seg[2] == '\0'))
            return 0;
        seg = strchr(seg, '/');
        if (seg != NULL)
            seg++;
    }
    return 1;
}

static void send_file(int c, int root, const char *name)
{
    char buf[4096];
    char hdr[128];
    struct stat st;
    ssize_t n;
    int fd, len;

    if (!path_is_safe(name)) {
        reply_status(c, "403 Forbidden");
        return;
    }
    fd = openat(root, name, O_RDONLY | O_NOFOLLOW);
    if (fd < 0) {
        reply_status(c, "404 Not Found");
        return;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        reply_status(c, "403 Forbidden");
        return;
    }
    len = snprintf(hdr, sizeof hdr, "HTTP/1.0 200 OK\r\nContent-Length: %lld\r\n\r\n",
                   (long long)st.st_size);
    write(c, hdr, (size_t)len);
    while ((n = read(fd, buf, sizeof buf)) > 0)
        write(c, buf, (size_t)n);
    close(fd);
}

static void handle(int c, int root)
{
    char req[REQ_MAX];
    char *path, *end;
    ssize_t n = recv(c, req, sizeof req - 1, 0);

    if (n <= 0)
        return;
    req[n] = '\0';
    if (strncmp(req, "GET /", 5) != 0) {
        reply_status(c, "400 Bad Request");
        return;
    }
    path = req + 5;
    end = strchr(path, ' ');
    if (end == NULL) {
        reply_status(c, "400 Bad Request");
        return;
    }
    *end = '\0';
    send_file(c, root, *path != '\0' ? path : "index.html");
}

int main(void)
{
    struct sockaddr_in addr;
    int s, c, root;

    root = open(DOC_ROOT, O_RDONLY | O_DIRECTORY);
    s = socket(AF_INET, SOCK_STREAM, 0);
    if (root < 0 || s < 0)
        return 1;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(8080);
    if (bind(s, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(s, 8) != 0)
        return 1;
    while ((c = accept(s, NULL, NULL)) >= 0) {
        handle(c, root);
        close(c);
    }
    return 0;
}
