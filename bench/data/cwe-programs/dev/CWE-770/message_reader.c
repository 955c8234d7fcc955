/* message_reader: read length-framed messages (u32 big-endian length,
 * then the bytes) from stdin and print them. Messages larger than
 * MAX_MSG are rejected before any memory is allocated for them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_MSG (64 * 1024)

static int read_full(int fd, void *buf, size_t n)
{
	unsigned char *p = buf;

	while (n > 0) {
		ssize_t r = read(fd, p, n);

		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

int main(void)
{
	unsigned char lenbuf[4];
	unsigned long count = 0;

	while (read_full(STDIN_FILENO, lenbuf, sizeof(lenbuf)) == 0) {
		uint32_t len = (uint32_t)lenbuf[0] << 24 | (uint32_t)lenbuf[1] << 16 |
			       (uint32_t)lenbuf[2] << 8 | lenbuf[3];
		char *msg;

		if (len > MAX_MSG) {
			fprintf(stderr, "message of %u bytes exceeds limit\n", len);
			return 1;
		}
		msg = malloc((size_t)len + 1);
		if (!msg)
			return 1;
		if (read_full(STDIN_FILENO, msg, len) != 0) {
			fprintf(stderr, "truncated message\n");
			free(msg);
			return 1;
		}
		msg[len] = '\0';
		printf("[%lu] %u bytes: %.60s\n", ++count, len, msg);
		free(msg);
	}
	return 0;
}
