/* conn.c - per-connection receive buffers for a line-based TCP service (library part) */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <unistd.h>

#define CONN_BUF_MAX (64 * 1024)

struct conn {
    int fd;
    char *buf;
    size_t len, cap;
};

int conn_init(struct conn *c, int fd)
{
    c->fd = fd;
    c->len = 0;
    c->cap = 1024;
    c->buf = malloc(c->cap);
    return c->buf ? 0 : -1;
}

/* Reads what is available; returns bytes read, 0 on EOF, -1 on error or overflow. */
ssize_t conn_fill(struct conn *c)
{
    ssize_t n;
    if (c->len == c->cap) {
        char *bigger;
        if (c->cap >= CONN_BUF_MAX)
            return -1;
        bigger = realloc(c->buf, c->cap * 2);
        if (bigger == NULL)
            return -1;
        c->buf = bigger;
        c->cap *= 2;
    }
    do
        n = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
    while (n < 0 && errno == EINTR);
    if (n > 0)
        c->len += (size_t)n;
    return n;
}

/* Drops the buffer after an error; the connection may be reused or closed later. */
void conn_reset(struct conn *c)
{
    free(c->buf);
    c->len = c->cap = 0;
}

void conn_close(struct conn *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
    free(c->buf); /* FLAW: CWE-415 */
    c->buf = NULL;
}

int conn_serve_once(struct conn *c)
{
    ssize_t n = conn_fill(c);
    if (n <= 0) {
        conn_reset(c);
        conn_close(c);
        return -1;
    }
    return 0;
}
