/*
 * invsync - push local inventory counts to the central stock service.
 *
 * Connects to $INVSYNC_HOST:$INVSYNC_PORT (default stock.internal:7070),
 * logs in as $INVSYNC_USER and sends every "SKU COUNT" line read from
 * standard input as an UPDATE command, printing the server's replies.
 */
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#define LINE_LEN 256

static const char service_password[] = "St0ck-Sync!2022"; /* FLAW: CWE-798 */

static const char *env_or(const char *name, const char *def)
{
	const char *v = getenv(name);

	return (v != NULL && *v != '\0') ? v : def;
}

static int connect_to(const char *host, const char *port)
{
	struct addrinfo hints, *res, *ai;
	int fd = -1;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(host, port, &hints, &res) != 0)
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
	return fd;
}

static int send_all(int fd, const char *buf, size_t n)
{
	while (n > 0) {
		ssize_t w = send(fd, buf, n, MSG_NOSIGNAL);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Read one reply line (without CRLF); returns 0, or -1 on EOF/error. */
static int read_reply(int fd, char *buf, size_t sz)
{
	size_t n = 0;

	for (;;) {
		char c;
		ssize_t r = recv(fd, &c, 1, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		if (c == '\n')
			break;
		if (c != '\r' && n + 1 < sz)
			buf[n++] = c;
	}
	buf[n] = '\0';
	return 0;
}

/* Send one command and print the reply; a reply starting with '-' is an error. */
static int command(int fd, const char *cmd, size_t len)
{
	char reply[LINE_LEN];

	if (send_all(fd, cmd, len) < 0 || read_reply(fd, reply, sizeof(reply)) < 0) {
		fprintf(stderr, "invsync: connection lost\n");
		return -1;
	}
	printf("%s\n", reply);
	return reply[0] == '-' ? 1 : 0;
}

int main(void)
{
	const char *host = env_or("INVSYNC_HOST", "stock.internal");
	const char *port = env_or("INVSYNC_PORT", "7070");
	const char *user = env_or("INVSYNC_USER", "store");
	char line[LINE_LEN], cmd[LINE_LEN + 16], sku[64];
	long count;
	int fd, n, rc = 0;

	if (strlen(user) > 64 || strpbrk(user, " \t\r\n") != NULL) {
		fprintf(stderr, "invsync: invalid INVSYNC_USER\n");
		return 2;
	}

	fd = connect_to(host, port);
	if (fd < 0) {
		fprintf(stderr, "invsync: cannot connect to %s:%s\n", host, port);
		return 1;
	}

	n = snprintf(cmd, sizeof(cmd), "LOGIN %s %s\r\n", user, service_password);
	if (n < 0 || (size_t)n >= sizeof(cmd) || command(fd, cmd, (size_t)n) != 0) {
		fprintf(stderr, "invsync: login failed\n");
		close(fd);
		return 1;
	}

	while (fgets(line, sizeof(line), stdin) != NULL) {
		char extra;

		if (sscanf(line, "%63s %ld %c", sku, &count, &extra) != 2 || count < 0) {
			fprintf(stderr, "invsync: skipping malformed line\n");
			continue;
		}
		n = snprintf(cmd, sizeof(cmd), "UPDATE %s %ld\r\n", sku, count);
		if (n < 0 || (size_t)n >= sizeof(cmd))
			continue;
		if (command(fd, cmd, (size_t)n) < 0) {
			rc = 1;
			break;
		}
	}

	if (rc == 0)
		command(fd, "QUIT\r\n", 6);
	close(fd);
	return rc;
}
