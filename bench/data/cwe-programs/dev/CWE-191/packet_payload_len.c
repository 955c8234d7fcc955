/*
 * packet_payload_len - UDP telemetry collector. Every datagram carries a
 * 12 byte header (u32 device id, u32 sequence, u32 timestamp, network
 * order) followed by a text payload, which is logged to stdout.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define HEADER_SIZE 12
#define MAX_DGRAM   1472
#define LISTEN_PORT 9125

struct telemetry_hdr {
	uint32_t device;
	uint32_t seq;
	uint32_t ts;
};

static void log_datagram(const uint8_t *pkt, size_t len)
{
	struct telemetry_hdr h;
	char text[MAX_DGRAM + 1];
	size_t payload_len = len - HEADER_SIZE; /* FLAW: CWE-191 */

	memcpy(&h, pkt, HEADER_SIZE);
	memcpy(text, pkt + HEADER_SIZE, payload_len);
	text[payload_len] = '\0';
	printf("dev=%u seq=%u ts=%u %s\n", ntohl(h.device), ntohl(h.seq),
	       ntohl(h.ts), text);
}

int main(void)
{
	uint8_t pkt[MAX_DGRAM];
	struct sockaddr_in sa;
	int fd;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sin_family = AF_INET;
	sa.sin_port = htons(LISTEN_PORT);
	sa.sin_addr.s_addr = htonl(INADDR_ANY);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		perror("bind");
		close(fd);
		return 1;
	}

	for (;;) {
		ssize_t n = recvfrom(fd, pkt, sizeof(pkt), 0, NULL, NULL);

		if (n < 0) {
			perror("recvfrom");
			break;
		}
		log_datagram(pkt, (size_t)n);
		fflush(stdout);
	}
	close(fd);
	return 0;
}
