/*
 * connection_close_log - replay a connection event log and print per
 * connection statistics when each connection closes.
 *
 * Log lines:
 *   open  ID HOST
 *   data  ID BYTES
 *   close ID
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct conn {
	unsigned id;
	char host[64];
	unsigned long bytes;
	unsigned packets;
	struct conn *next;
};

static struct conn *conns;

static struct conn *conn_find(unsigned id)
{
	struct conn *c;

	for (c = conns; c; c = c->next)
		if (c->id == id)
			return c;
	return NULL;
}

static struct conn *conn_open(unsigned id, const char *host)
{
	struct conn *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->id = id;
	snprintf(c->host, sizeof(c->host), "%s", host);
	c->next = conns;
	conns = c;
	return c;
}

/* Unlink a connection from the table and release it. */
static void conn_close(struct conn *c)
{
	struct conn **pp = &conns;

	while (*pp && *pp != c)
		pp = &(*pp)->next;
	if (*pp)
		*pp = c->next;
	free(c);
}

int main(void)
{
	char line[256], host[64];
	unsigned id;
	unsigned long n;

	while (fgets(line, sizeof(line), stdin)) {
		struct conn *c;

		if (sscanf(line, "open %u %63s", &id, host) == 2) {
			if (!conn_open(id, host)) {
				perror("calloc");
				return 1;
			}
		} else if (sscanf(line, "data %u %lu", &id, &n) == 2) {
			c = conn_find(id);
			if (c) {
				c->bytes += n;
				c->packets++;
			}
		} else if (sscanf(line, "close %u", &id) == 1) {
			c = conn_find(id);
			if (!c) {
				fprintf(stderr, "close of unknown connection %u\n", id);
				continue;
			}
			conn_close(c);
			printf("%u %s: %lu bytes in %u packets\n", id, c->host, /* FLAW: CWE-416 */
			       c->bytes, c->packets); /* FLAW: CWE-416 */
		}
	}

	while (conns)
		conn_close(conns);
	return 0;
}
