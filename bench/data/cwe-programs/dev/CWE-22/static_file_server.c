/*
 * static_file_server.c - tiny HTTP/1.0 static file server.
 *
 * Listens on a TCP port, reads one request line per connection and
 * streams the requested file from the document root back to the client.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <sys/socket.h>

#define DOC_ROOT   "/srv/www/htdocs"
#define LISTEN_PORT 8080
#define LINE_MAX_LEN 1024

/* Read a single CRLF-terminated line from the socket. */
static ssize_t read_line(int fd, char *buf, size_t cap)
{
    size_t used = 0;
    while (used + 1 < cap) {
        char c;
        ssize_t n = recv(fd, &c, 1, 0);
        if (n <= 0)
            return -1;
        if (c == '\n')
            break;
        if (c != '\r')
            buf[used++] = c;
    }
    buf[used] = '\0';
    return (ssize_t)used;
}

static void send_str(int fd, const char *s)
{
    (void)send(fd, s, strlen(s), 0);
}

static void serve_client(int fd)
{
    char line[LINE_MAX_LEN];
    char method[16], uri[512], path[1024];
    char chunk[4096];
    size_t n;
    FILE *fp;

    if (read_line(fd, line, sizeof line) < 0)
        return;
    if (sscanf(line, "%15s %511s", method, uri) != 2 || strcmp(method, "GET") != 0) {
        send_str(fd, "HTTP/1.0 400 Malformed Request\r\n\r\n");
        return;
    }
    if (strcmp(uri, "/") == 0)
        strcpy(uri, "/index.html");

    if (snprintf(path, sizeof path, "%s%s", DOC_ROOT, uri) >= (int)sizeof path) {
        send_str(fd, "HTTP/1.0 414 URI Too Long\r\n\r\n");
        return;
    }

    fp = fopen(path, "rb"); /* FLAW: CWE-22 */
    if (fp == NULL) {
        send_str(fd, "HTTP/1.0 404 Not Found\r\n\r\n");
        return;
    }
    send_str(fd, "HTTP/1.0 200 OK\r\nContent-Type: application/octet-stream\r\n\r\n");
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (send(fd, chunk, n, 0) < 0)
            break;
    }
    fclose(fp);
}

int main(void)
{
    struct sockaddr_in addr;
    int one = 1;
    int srv = socket(AF_INET, SOCK_STREAM, 0);

    if (srv < 0) {
        perror("socket");
        return 1;
    }
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    addr.sin_port = htons(LISTEN_PORT);

    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(srv, 16) < 0) {
        perror("bind/listen");
        close(srv);
        return 1;
    }
    for (;;) {
        int cli = accept(srv, NULL, NULL);
        if (cli < 0)
            continue;
        serve_client(cli);
        close(cli);
    }
}
