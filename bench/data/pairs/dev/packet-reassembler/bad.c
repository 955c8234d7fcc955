/*
 * udpjoin - receive fragmented messages over UDP and write every complete
 * message to standard output.
 *
 * Each datagram carries a 8-byte header followed by payload:
 *     u32 message id, u16 fragment index, u16 fragment count  (big endian)
 * Fragments must arrive in order; a gap drops the message.
 *
 * usage: udpjoin PORT
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define HDR_LEN   8
#define DGRAM_MAX 65536
#define MSG_MAX   (1024 * 1024)

struct msg {
	int active;
	uint32_t id;
	uint16_t count;
	uint16_t next;
	uint8_t *data;
	size_t len;
	size_t cap;
};

/* Forget the message being assembled. */
static void msg_reset(struct msg *m)
{
	free(m->data); /* FLAW: CWE-415 */
	memset(m, 0, sizeof(*m));
}

static int msg_append(struct msg *m, const uint8_t *p, size_t n)
{
	if (n > MSG_MAX - m->len) {
		/* oversized message: throw away what we have so far */
		free(m->data);
		return -1;
	}
	if (m->len + n > m->cap) {
		size_t ncap = m->cap ? m->cap : 4096;
		uint8_t *nd;

		while (ncap < m->len + n)
			ncap *= 2;
		nd = realloc(m->data, ncap);
		if (nd == NULL)
			return -1;
		m->data = nd;
		m->cap = ncap;
	}
	memcpy(m->data + m->len, p, n);
	m->len += n;
	return 0;
}

static void deliver(const struct msg *m)
{
	fprintf(stderr, "message %u complete, %zu bytes\n", m->id, m->len);
	if (fwrite(m->data, 1, m->len, stdout) != m->len)
		perror("stdout");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	static uint8_t pkt[DGRAM_MAX];
	struct sockaddr_in addr;
	struct msg m;
	long port;
	char *end;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: %s PORT\n", argv[0]);
		return 2;
	}
	port = strtol(argv[1], &end, 10);
	if (*end != '\0' || port <= 0 || port > 65535) {
		fprintf(stderr, "invalid port\n");
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

	memset(&m, 0, sizeof(m));
	for (;;) {
		struct sockaddr_in peer;
		socklen_t plen = sizeof(peer);
		uint32_t id;
		uint16_t idx, count;
		ssize_t n;

		n = recvfrom(fd, pkt, sizeof(pkt), 0, (struct sockaddr *)&peer, &plen);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			perror("recvfrom");
			break;
		}
		if (n < HDR_LEN)
			continue;

		id = ((uint32_t)pkt[0] << 24) | ((uint32_t)pkt[1] << 16) |
		     ((uint32_t)pkt[2] << 8) | pkt[3];
		idx = (uint16_t)((pkt[4] << 8) | pkt[5]);
		count = (uint16_t)((pkt[6] << 8) | pkt[7]);
		if (count == 0 || idx >= count)
			continue;

		if (idx == 0) {
			/* first fragment starts a new message */
			msg_reset(&m);
			m.active = 1;
			m.id = id;
			m.count = count;
		} else if (!m.active || id != m.id || idx != m.next ||
			   count != m.count) {
			msg_reset(&m);
			continue;
		}

		if (msg_append(&m, pkt + HDR_LEN, (size_t)n - HDR_LEN) < 0) {
			fprintf(stderr, "message %u dropped\n", id);
			msg_reset(&m);
			continue;
		}
		m.next = (uint16_t)(idx + 1);
		if (m.next == m.count) {
			deliver(&m);
			msg_reset(&m);
		}
	}

	msg_reset(&m);
	close(fd);
	return 1;
}
