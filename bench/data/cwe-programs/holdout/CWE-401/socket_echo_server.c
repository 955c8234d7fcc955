/* socket_echo_server: single-threaded TCP echo server on port 5555.
 * Each connection gets its own receive buffer; lines are echoed back in
 * reverse. */
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define PORT 5555
#define BUFSZ 2048

static void reverse(char *s, size_t n)
{
	for (size_t i = 0; i < n / 2; i++) {
		char t = s[i];
		s[i] = s[n - 1 - i];
		s[n - 1 - i] = t;
	}
}

/* Serve one client until it disconnects. Returns bytes echoed or -1. */
static long handle_client(int fd)
{
	char *buf = malloc(BUFSZ);
	long total = 0;
	ssize_t n;

	if (!buf)
		return -1;
	for (;;) {
		n = recv(fd, buf, BUFSZ, 0);
		if (n == 0)
			return total; /* FLAW: CWE-401 */
		if (n < 0) {
			perror("recv");
			break;
		}
		size_t len = (size_t)n;
		if (buf[len - 1] == '\n')
			len--;
		reverse(buf, len);
		if (send(fd, buf, (size_t)n, 0) != n)
			break;
		total += n;
	}
	free(buf);
	return -1;
}

int main(void)
{
	struct sockaddr_in sa;
	int one = 1, srv;

	srv = socket(AF_INET, SOCK_STREAM, 0);
	if (srv < 0) {
		perror("socket");
		return 1;
	}
	setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	sa.sin_port = htons(PORT);
	if (bind(srv, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(srv, 8) < 0) {
		perror("bind");
		close(srv);
		return 1;
	}
	for (;;) {
		int cfd = accept(srv, NULL, NULL);
		long n;

		if (cfd < 0) {
			perror("accept");
			continue;
		}
		n = handle_client(cfd);
		close(cfd);
		if (n >= 0)
			printf("client done, %ld bytes\n", n);
	}
}
