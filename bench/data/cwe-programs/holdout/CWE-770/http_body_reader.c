/*
 * http_body_reader - minimal HTTP/1.0 POST sink. Accepts one connection
 * at a time on port 8081, reads the request head, then reads the body
 * announced by Content-Length and replies with its size and checksum.
 */
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#define HEAD_MAX 8192

/* Read until the blank line that ends the head; returns bytes read. */
static ssize_t read_head(int fd, char *buf, size_t cap)
{
	size_t len = 0;

	while (len + 1 < cap) {
		ssize_t n = recv(fd, buf + len, 1, 0);
		if (n <= 0)
			return -1;
		len++;
		buf[len] = '\0';
		if (len >= 4 && memcmp(buf + len - 4, "\r\n\r\n", 4) == 0)
			return (ssize_t)len;
	}
	return -1;
}

static long content_length(const char *head)
{
	const char *p = head;

	while ((p = strchr(p, '\n')) != NULL) {
		p++;
		if (strncasecmp(p, "Content-Length:", 15) == 0)
			return strtol(p + 15, NULL, 10);
	}
	return 0;
}

static void handle(int fd)
{
	char head[HEAD_MAX], reply[128];
	unsigned long sum = 0;
	size_t got = 0;
	long clen;
	char *body;

	if (read_head(fd, head, sizeof(head)) < 0)
		return;
	clen = content_length(head);
	if (clen < 0)
		return;
	body = malloc((size_t)clen + 1); /* FLAW: CWE-770 */
	if (!body)
		return;
	while (got < (size_t)clen) {
		ssize_t n = recv(fd, body + got, (size_t)clen - got, 0);
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	for (size_t i = 0; i < got; i++)
		sum = sum * 31 + (unsigned char)body[i];
	snprintf(reply, sizeof(reply),
		 "HTTP/1.0 200 OK\r\n\r\nreceived %zu bytes, sum %lx\n", got, sum);
	send(fd, reply, strlen(reply), 0);
	free(body);
}

int main(void)
{
	struct sockaddr_in sa;
	int one = 1, srv = socket(AF_INET, SOCK_STREAM, 0);

	if (srv < 0)
		return 1;
	setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons(8081);
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	if (bind(srv, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(srv, 16) < 0) {
		perror("bind/listen");
		return 1;
	}
	for (;;) {
		int fd = accept(srv, NULL, NULL);
		if (fd < 0)
			continue;
		handle(fd);
		close(fd);
	}
}
