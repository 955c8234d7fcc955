/*
 * connection_thread_spawn - line-oriented TCP uppercase server. Every
 * accepted connection is handled by its own detached thread.
 */
#include <ctype.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define PORT 6060

struct client {
	int fd;
	unsigned long id;
};

static void *serve_client(void *arg)
{
	struct client *c = arg;
	char buf[1024];
	ssize_t n;

	while ((n = recv(c->fd, buf, sizeof(buf), 0)) > 0) {
		for (ssize_t i = 0; i < n; i++)
			buf[i] = (char)toupper((unsigned char)buf[i]);
		if (send(c->fd, buf, (size_t)n, 0) != n)
			break;
	}
	close(c->fd);
	free(c);
	return NULL;
}

int main(void)
{
	struct sockaddr_in sa;
	pthread_attr_t attr;
	unsigned long next_id = 0;
	int one = 1, srv;

	srv = socket(AF_INET, SOCK_STREAM, 0);
	if (srv < 0) {
		perror("socket");
		return 1;
	}
	setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons(PORT);
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	if (bind(srv, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(srv, 128) < 0) {
		perror("bind/listen");
		return 1;
	}
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);

	for (;;) {
		pthread_t tid;
		struct client *c;
		int fd = accept(srv, NULL, NULL);

		if (fd < 0) {
			perror("accept");
			continue;
		}
		c = malloc(sizeof(*c));
		if (!c) {
			close(fd);
			continue;
		}
		c->fd = fd;
		c->id = ++next_id;
		if (pthread_create(&tid, &attr, serve_client, c) != 0) { /* FLAW: CWE-770 */
			close(fd);
			free(c);
		}
	}
}
