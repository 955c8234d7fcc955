/*
 * connpool.c - small pool of outgoing TCP connections to one backend.
 *
 *   struct pool *pool_create(const char *host, const char *port, size_t max);
 *   struct conn *pool_acquire(struct pool *p);
 *   void         pool_release(struct pool *p, struct conn *c);
 *   void         conn_close(struct conn *c);
 *   void         pool_destroy(struct pool *p);
 *
 * A caller that sees an I/O error on a connection calls conn_close() on
 * it before releasing it; the slot is then reconnected on next use.
 */
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#define RBUF_SIZE 16384

struct conn {
	int fd;
	int in_use;
	char *rbuf;		/* receive buffer, RBUF_SIZE bytes */
	size_t rlen;
};

struct pool {
	char *host;
	char *port;
	struct conn *conns;
	size_t max;
};

/* Close the socket and drop the buffer; the slot may be reused. */
void conn_close(struct conn *c)
{
	if (c == NULL)
		return;
	if (c->fd >= 0) {
		close(c->fd);
		c->fd = -1;
	}
	free(c->rbuf); /* FLAW: CWE-415 */
	c->rlen = 0;
}

static int conn_open(struct pool *p, struct conn *c)
{
	struct addrinfo hints, *res, *ai;
	int fd = -1;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(p->host, p->port, &hints, &res) != 0)
		return -1;
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
		if (fd < 0)
			continue;
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			break;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0)
		return -1;

	c->rbuf = malloc(RBUF_SIZE);
	if (c->rbuf == NULL) {
		close(fd);
		return -1;
	}
	c->fd = fd;
	c->rlen = 0;
	return 0;
}

struct pool *pool_create(const char *host, const char *port, size_t max)
{
	struct pool *p;
	size_t i;

	if (host == NULL || port == NULL || max == 0)
		return NULL;
	p = calloc(1, sizeof(*p));
	if (p == NULL)
		return NULL;
	p->host = strdup(host);
	p->port = strdup(port);
	p->conns = calloc(max, sizeof(*p->conns));
	if (p->host == NULL || p->port == NULL || p->conns == NULL) {
		free(p->host);
		free(p->port);
		free(p->conns);
		free(p);
		return NULL;
	}
	for (i = 0; i < max; i++)
		p->conns[i].fd = -1;
	p->max = max;
	return p;
}

/* Hand out an idle connection, connecting a free slot if necessary. */
struct conn *pool_acquire(struct pool *p)
{
	struct conn *spare = NULL;
	size_t i;

	if (p == NULL)
		return NULL;
	for (i = 0; i < p->max; i++) {
		struct conn *c = &p->conns[i];

		if (c->in_use)
			continue;
		if (c->fd >= 0) {
			c->in_use = 1;
			return c;
		}
		if (spare == NULL)
			spare = c;
	}
	if (spare == NULL || conn_open(p, spare) < 0)
		return NULL;
	spare->in_use = 1;
	return spare;
}

void pool_release(struct pool *p, struct conn *c)
{
	if (p == NULL || c == NULL || c < p->conns || c >= p->conns + p->max)
		return;
	c->rlen = 0;
	c->in_use = 0;
}

void pool_destroy(struct pool *p)
{
	size_t i;

	if (p == NULL)
		return;
	for (i = 0; i < p->max; i++)
		conn_close(&p->conns[i]);
	free(p->conns);
	free(p->host);
	free(p->port);
	free(p);
}
