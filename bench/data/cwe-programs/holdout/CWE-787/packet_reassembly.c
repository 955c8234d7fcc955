/*
 * packet_reassembly - UDP receiver that puts message fragments back
 * together. Each datagram starts with an 8 byte header:
 *
 *   u16 msg_id, u16 offset, u16 length, u16 flags (bit 0 = last)
 *
 * followed by `length` bytes that belong at `offset` in the message.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MSG_MAX   4096
#define FRAG_LAST 0x1

struct frag_hdr {
	uint16_t msg_id;
	uint16_t offset;
	uint16_t length;
	uint16_t flags;
};

struct message {
	uint16_t id;
	size_t received;
	unsigned char data[MSG_MAX];
};

static int add_fragment(struct message *m, const unsigned char *pkt, size_t n)
{
	struct frag_hdr h;

	if (n < sizeof(h))
		return -1;
	memcpy(&h, pkt, sizeof(h));
	h.msg_id = ntohs(h.msg_id);
	h.offset = ntohs(h.offset);
	h.length = ntohs(h.length);
	h.flags = ntohs(h.flags);

	if (h.length > n - sizeof(h) || h.length > MSG_MAX)
		return -1;
	if (h.msg_id != m->id) {
		m->id = h.msg_id;
		m->received = 0;
	}
	memcpy(m->data + h.offset, pkt + sizeof(h), h.length); /* FLAW: CWE-787 */
	m->received += h.length;
	return (h.flags & FRAG_LAST) ? 1 : 0;
}

int main(void)
{
	static struct message msg;
	unsigned char pkt[1500];
	struct sockaddr_in addr;
	int fd;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	addr.sin_port = htons(9400);
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		perror("bind");
		close(fd);
		return 1;
	}

	for (;;) {
		ssize_t n = recv(fd, pkt, sizeof(pkt), 0);
		int rc;

		if (n < 0) {
			perror("recv");
			break;
		}
		rc = add_fragment(&msg, pkt, (size_t)n);
		if (rc < 0) {
			fprintf(stderr, "dropping malformed fragment\n");
		} else if (rc == 1) {
			printf("message %u complete, %zu bytes\n",
			       msg.id, msg.received);
			msg.received = 0;
		}
	}
	close(fd);
	return 0;
}
