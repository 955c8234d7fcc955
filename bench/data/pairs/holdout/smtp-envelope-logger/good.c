/*
 * smtpsink - minimal SMTP receiver for test environments.  It accepts
 * mail for any recipient and logs the envelope (sender, recipients and
 * message size) instead of delivering it.  One client at a time.
 *
 * usage: smtpsink PORT
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

#define LINE_LEN      1024
#define ADDR_LEN      256
#define RCPT_LIST_LEN 512
#define MAX_RCPT      100

struct envelope {
	char from[ADDR_LEN];
	char rcpts[RCPT_LIST_LEN];	/* comma separated */
	int nrcpt;
};

/* Read one CRLF-terminated line without its ending; returns the length,
 * or -1 on EOF, error or an overlong line. */
static int read_line(int fd, char *line, size_t linesz)
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
		if (n + 1 >= linesz)
			return -1;
		line[n++] = c;
	}
	if (n > 0 && line[n - 1] == '\r')
		n--;
	line[n] = '\0';
	return (int)n;
}

static void reply(int fd, const char *msg)
{
	size_t len = strlen(msg);

	if (send(fd, msg, len, MSG_NOSIGNAL) != (ssize_t)len)
		perror("send");
}

/* Copy the address between '<' and '>' in arg into out. */
static int angle_addr(const char *arg, char *out, size_t outsz)
{
	const char *lt = strchr(arg, '<');
	const char *gt = lt != NULL ? strchr(lt, '>') : NULL;
	size_t len;

	if (gt == NULL)
		return -1;
	len = (size_t)(gt - lt - 1);
	if (len >= outsz)
		return -1;
	memcpy(out, lt + 1, len);
	out[len] = '\0';
	return 0;
}

/* Append one recipient address to the envelope's list. */
static int add_recipient(struct envelope *env, const char *addr)
{
	size_t used = strlen(env->rcpts);
	size_t need = strlen(addr) + (env->nrcpt > 0 ? 1 : 0);

	if (env->nrcpt >= MAX_RCPT || need >= sizeof(env->rcpts) - used)
		return -1;
	if (env->nrcpt > 0)
		strcat(env->rcpts, ",");
	strcat(env->rcpts, addr);
	env->nrcpt++;
	return 0;
}

static void reset_envelope(struct envelope *env)
{
	env->from[0] = '\0';
	env->rcpts[0] = '\0';
	env->nrcpt = 0;
}

static void session(int fd)
{
	struct envelope env;
	char line[LINE_LEN], addr[ADDR_LEN];

	reset_envelope(&env);
	reply(fd, "220 smtpsink ready\r\n");

	while (read_line(fd, line, sizeof(line)) >= 0) {
		if (strncasecmp(line, "HELO", 4) == 0 ||
		    strncasecmp(line, "EHLO", 4) == 0) {
			reply(fd, "250 hello\r\n");
		} else if (strncasecmp(line, "MAIL FROM:", 10) == 0) {
			if (angle_addr(line + 10, env.from, sizeof(env.from)) < 0)
				reply(fd, "501 malformed sender\r\n");
			else
				reply(fd, "250 ok\r\n");
		} else if (strncasecmp(line, "RCPT TO:", 8) == 0) {
			if (angle_addr(line + 8, addr, sizeof(addr)) < 0)
				reply(fd, "501 malformed recipient\r\n");
			else if (add_recipient(&env, addr) < 0)
				reply(fd, "452 too many recipients\r\n");
			else
				reply(fd, "250 ok\r\n");
		} else if (strcasecmp(line, "DATA") == 0) {
			unsigned long size = 0;
			int n;

			if (env.nrcpt == 0) {
				reply(fd, "503 need RCPT first\r\n");
				continue;
			}
			reply(fd, "354 end with .\r\n");
			while ((n = read_line(fd, line, sizeof(line))) >= 0 &&
			       strcmp(line, ".") != 0)
				size += (unsigned long)n + 2;
			if (n < 0)
				return;
			printf("from=<%s> to=%s size=%lu\n", env.from, env.rcpts, size);
			fflush(stdout);
			reset_envelope(&env);
			reply(fd, "250 queued\r\n");
		} else if (strcasecmp(line, "QUIT") == 0) {
			reply(fd, "221 bye\r\n");
			return;
		} else {
			reply(fd, "500 unrecognised command\r\n");
		}
	}
}

int main(int argc, char **argv)
{
	struct sockaddr_in sa;
	int srv, one = 1;
	long port;
	char *end;

	if (argc != 2) {
		fprintf(stderr, "usage: %s PORT\n", argv[0]);
		return 2;
	}
	port = strtol(argv[1], &end, 10);
	if (*end != '\0' || port <= 0 || port > 65535) {
		fprintf(stderr, "invalid port\n");
		return 2;
	}

	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	sa.sin_port = htons((unsigned short)port);
	srv = socket(AF_INET, SOCK_STREAM, 0);
	if (srv < 0 ||
	    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(srv, (struct sockaddr *)&sa, sizeof(sa)) < 0 ||
	    listen(srv, 8) < 0) {
		perror("listening socket");
		if (srv >= 0)
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
		session(fd);
		close(fd);
	}
	close(srv);
	return 1;
}
