/*
 * metricsd - collect counters sent by the application servers over UDP
 * and print the totals every INTERVAL seconds.
 *
 * A datagram holds any number of 6-byte records (big endian):
 *     u16 metric id, u32 increment
 * Metric ids are assigned centrally; there are MAX_METRICS of them.
 *
 * usage: metricsd PORT [INTERVAL]
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_METRICS 128
#define RECORD_LEN  6
#define DGRAM_MAX   1500

static unsigned long long totals[MAX_METRICS];

static time_t now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

static void dump_totals(unsigned long packets)
{
	int i;

	printf("--- %lu packets\n", packets);
	for (i = 0; i < MAX_METRICS; i++)
		if (totals[i] != 0)
			printf("metric %3d  %llu\n", i, totals[i]);
	fflush(stdout);
}

static long parse_long(const char *s, long lo, long hi)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
		return -1;
	return v;
}

int main(int argc, char **argv)
{
	unsigned char buf[DGRAM_MAX];
	struct sockaddr_in addr;
	unsigned long packets = 0;
	long port, interval = 10;
	time_t next;
	int fd;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s PORT [INTERVAL]\n", argv[0]);
		return 2;
	}
	port = parse_long(argv[1], 1, 65535);
	if (argc == 3)
		interval = parse_long(argv[2], 1, 3600);
	if (port < 0 || interval < 0) {
		fprintf(stderr, "%s: invalid argument\n", argv[0]);
		return 2;
	}

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_ANY);
	addr.sin_port = htons((uint16_t)port);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		perror("bind");
		close(fd);
		return 1;
	}

	next = now_sec() + interval;
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		time_t t = now_sec();
		ssize_t n;
		size_t off;

		if (t >= next) {
			dump_totals(packets);
			next = t + interval;
		}
		if (poll(&pfd, 1, (int)(next - t) * 1000) <= 0)
			continue;

		n = recvfrom(fd, buf, sizeof(buf), 0, NULL, NULL);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			perror("recvfrom");
			break;
		}
		packets++;
		for (off = 0; off + RECORD_LEN <= (size_t)n; off += RECORD_LEN) {
			uint16_t id = (uint16_t)(buf[off] << 8 | buf[off + 1]);
			uint32_t inc = (uint32_t)buf[off + 2] << 24 |
				       (uint32_t)buf[off + 3] << 16 |
				       (uint32_t)buf[off + 4] << 8 | buf[off + 5];

			totals[id] += inc; /* FLAW: CWE-787 */
		}
	}
	close(fd);
	return 1;
}
