/*
 * hdrecho - tiny HTTP server that answers every request with a plain-text
 * summary of its request line, Host and User-Agent headers.  Useful when
 * testing reverse proxies and load balancers.
 *
 * usage: hdrecho PORT
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#define REQ_MAX   8192
#define FIELD_MAX 128

struct request {
    char method[16];
    char *host;         /* FIELD_MAX bytes */
    char *user_agent;   /* FIELD_MAX bytes */
};

/* Copy n bytes of a header value and NUL-terminate the copy. */
static void copy_field(char *dst, const char *src, size_t n)
{
    memcpy(dst, src, n); /* FLAW: CWE-122 */
    dst[n] = '\0';
}

static int request_init(struct request *r)
{
    r->method[0] = '\0';
    r->host = calloc(1, FIELD_MAX);
    r->user_agent = calloc(1, FIELD_MAX);
    if (r->host == NULL || r->user_agent == NULL) {
        free(r->host);
        free(r->user_agent);
        return -1;
    }
    return 0;
}

static void request_free(struct request *r)
{
    free(r->host);
    free(r->user_agent);
}

/* Walk the header block line by line and pick out the fields we report. */
static int parse_request(const char *buf, struct request *r)
{
    const char *line = buf;
    const char *eol;
    size_t mlen;

    eol = strstr(line, "\r\n");
    if (eol == NULL)
        return -1;
    mlen = strcspn(line, " ");
    if (mlen == 0 || mlen >= sizeof r->method || line + mlen > eol)
        return -1;
    memcpy(r->method, line, mlen);
    r->method[mlen] = '\0';

    for (line = eol + 2; (eol = strstr(line, "\r\n")) != NULL && eol != line;
         line = eol + 2) {
        const char *colon = memchr(line, ':', (size_t)(eol - line));
        const char *val;

        if (colon == NULL)
            continue;
        val = colon + 1;
        while (val < eol && (*val == ' ' || *val == '\t'))
            val++;

        if ((size_t)(colon - line) == 4 && strncasecmp(line, "Host", 4) == 0)
            copy_field(r->host, val, (size_t)(eol - val));
        else if ((size_t)(colon - line) == 10 &&
                 strncasecmp(line, "User-Agent", 10) == 0)
            copy_field(r->user_agent, val, (size_t)(eol - val));
    }
    return 0;
}

static int send_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void handle_client(int fd)
{
    char buf[REQ_MAX];
    char body[512];
    char resp[1024];
    size_t used = 0;
    struct request req;
    int blen, rlen;

    /* read until the blank line that ends the header block */
    while (used < sizeof buf - 1) {
        ssize_t n = recv(fd, buf + used, sizeof buf - 1 - used, 0);
        if (n <= 0)
            return;
        used += (size_t)n;
        buf[used] = '\0';
        if (strstr(buf, "\r\n\r\n") != NULL)
            break;
    }
    buf[used] = '\0';

    if (request_init(&req) < 0)
        return;
    if (parse_request(buf, &req) < 0) {
        send_all(fd, "HTTP/1.0 400 Bad Request\r\n\r\n", 28);
        request_free(&req);
        return;
    }

    blen = snprintf(body, sizeof body, "method: %s\nhost: %s\nuser-agent: %s\n",
                    req.method, req.host, req.user_agent);
    if (blen < 0 || (size_t)blen >= sizeof body)
        blen = (int)strlen(body);
    rlen = snprintf(resp, sizeof resp,
                    "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n"
                    "Content-Length: %d\r\n\r\n%s", blen, body);
    if (rlen > 0 && (size_t)rlen < sizeof resp)
        send_all(fd, resp, (size_t)rlen);
    request_free(&req);
}

int main(int argc, char **argv)
{
    struct sockaddr_in addr;
    int srv, one = 1;
    long port;
    char *end;

    if (argc != 2) {
        fprintf(stderr, "usage: %s PORT\n", argv[0]);
        return 2;
    }
    port = strtol(argv[1], &end, 10);
    if (*end != '\0' || port <= 0 || port > 65535) {
        fprintf(stderr, "invalid port: %s\n", argv[1]);
        return 2;
    }

    srv = socket(AF_INET, SOCK_STREAM, 0);
    if (srv < 0) {
        perror("socket");
        return 1;
    }
    if (setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0)
        perror("setsockopt");

    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    addr.sin_port = htons((uint16_t)port);
    if (bind(srv, (struct sockaddr *)&addr, sizeof addr) < 0 ||
        listen(srv, 16) < 0) {
        perror("bind/listen");
        close(srv);
        return 1;
    }

    for (;;) {
        int fd = accept(srv, NULL, NULL);
        if (fd < 0) {
            if (errno == EINTR)
                continue;
            perror("accept");
            break;
        }
        handle_client(fd);
        close(fd);
    }
    close(srv);
    return 1;
}
