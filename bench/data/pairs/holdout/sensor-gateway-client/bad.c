/*
 * sensorcat - connect to a sensor gateway and print the readings it
 * streams, one per line.
 *
 * Frames on the wire:
 *     u8 sensor id, u8 reading type, 16-bit big-endian payload length,
 *     payload (text such as "21.5C")
 *
 * usage: sensorcat HOST PORT
 */
#include <ctype.h>
#include <errno.h>
#include <netdb.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_PAYLOAD 256
#define BUF_LEN     4096
#define FRAME_HDR   4

struct reading {
	unsigned sensor;
	unsigned type;
	char text[MAX_PAYLOAD + 1];
};

static const char *const type_names[] = { "?", "temp", "humidity", "pressure", "co2" };

/*
 * Decode one frame from buf (n bytes available).  Returns the number of
 * bytes consumed, 0 if the frame is not complete yet, -1 if it is invalid.
 */
static int parse_frame(const unsigned char *buf, size_t n, struct reading *out)
{
	int16_t len;

	if (n < FRAME_HDR)
		return 0;
	len = (int16_t)(buf[2] << 8 | buf[3]);
	if (len > MAX_PAYLOAD)
		return -1;
	if (len > (int)(n - FRAME_HDR))
		return 0;

	out->sensor = buf[0];
	out->type = buf[1];
	memcpy(out->text, buf + FRAME_HDR, len); /* FLAW: CWE-195 */
	out->text[len] = '\0'; /* FLAW: CWE-195 */
	return FRAME_HDR + len;
}

static void print_reading(const struct reading *r)
{
	const char *tn = r->type < sizeof(type_names) / sizeof(type_names[0]) ?
			 type_names[r->type] : "?";
	const char *p;

	printf("sensor %3u %-9s ", r->sensor, tn);
	for (p = r->text; *p != '\0'; p++)
		putchar(isprint((unsigned char)*p) ? *p : '?');
	putchar('\n');
}

static int connect_to(const char *host, const char *port)
{
	struct addrinfo hints, *res, *ai;
	int fd = -1;

	memset(&hints, 0, sizeof(hints));
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

int main(int argc, char **argv)
{
	unsigned char buf[BUF_LEN];
	size_t have = 0;
	struct reading rd;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: %s HOST PORT\n", argv[0]);
		return 2;
	}
	fd = connect_to(argv[1], argv[2]);
	if (fd < 0) {
		fprintf(stderr, "cannot connect to %s:%s\n", argv[1], argv[2]);
		return 1;
	}

	for (;;) {
		ssize_t n = read(fd, buf + have, sizeof(buf) - have);
		size_t off = 0;
		int used;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		have += (size_t)n;

		while ((used = parse_frame(buf + off, have - off, &rd)) > 0) {
			print_reading(&rd);
			off += (size_t)used;
		}
		if (used < 0) {
			fprintf(stderr, "invalid frame from gateway\n");
			close(fd);
			return 1;
		}
		memmove(buf, buf + off, have - off);
		have -= off;
		fflush(stdout);
	}
	close(fd);
	return 0;
}
