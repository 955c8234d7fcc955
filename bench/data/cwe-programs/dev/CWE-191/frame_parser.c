/*
 * frame_parser - split a byte stream from stdin into length-framed
 * frames. Each frame: u16 big-endian total length (including the 4
 * byte header), u8 channel, u8 flags, then the body.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define FRAME_HDR 4
#define BUF_CAP   65536

static void handle_frame(const uint8_t *f, size_t total)
{
	size_t body_len;

	if (total < FRAME_HDR) {
		fprintf(stderr, "frame shorter than its header\n");
		return;
	}
	body_len = total - FRAME_HDR;
	printf("channel %u flags 0x%02x body %zu bytes", f[2], f[3], body_len);
	if (body_len > 0)
		printf(" first byte 0x%02x", f[FRAME_HDR]);
	putchar('\n');
}

int main(void)
{
	static uint8_t buf[BUF_CAP];
	size_t have = 0, pos;
	ssize_t n;

	while ((n = read(STDIN_FILENO, buf + have, sizeof(buf) - have)) > 0) {
		have += (size_t)n;
		pos = 0;
		while (have - pos >= 2) {
			size_t flen = (size_t)buf[pos] << 8 | buf[pos + 1];

			if (flen < FRAME_HDR) {
				fprintf(stderr, "invalid frame length %zu\n", flen);
				return 1;
			}
			if (have - pos < flen)
				break;	/* wait for the rest */
			handle_frame(buf + pos, flen);
			pos += flen;
		}
		/* keep the incomplete tail at the start of the buffer */
		for (size_t i = pos; i < have; i++)
			buf[i - pos] = buf[i];
		have -= pos;
		if (have == sizeof(buf)) {
			fprintf(stderr, "frame too large\n");
			return 1;
		}
	}
	if (have > 0)
		fprintf(stderr, "%zu trailing bytes ignored\n", have);
	return 0;
}
