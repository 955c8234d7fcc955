/*
 * tlv_total_length - concatenate the payloads of all DATA elements in a
 * TLV stream read from stdin and write the joined payload to stdout.
 *
 * Element: u8 type, u16 big-endian length, payload.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define T_DATA 0x10
#define MAX_STREAM (1 << 20)

static size_t read_all(int fd, uint8_t *buf, size_t cap)
{
	size_t got = 0;
	ssize_t n;

	while (got < cap && (n = read(fd, buf + got, cap - got)) > 0)
		got += (size_t)n;
	return got;
}

/* Sum the payload sizes of all DATA elements. */
static uint16_t data_length(const uint8_t *s, size_t n)
{
	uint16_t total = 0;
	size_t pos = 0;

	while (pos + 3 <= n) {
		uint16_t len = (uint16_t)(s[pos + 1] << 8 | s[pos + 2]);

		if (pos + 3 + len > n)
			break;
		if (s[pos] == T_DATA)
			total += len; /* FLAW: CWE-190 */
		pos += 3 + (size_t)len;
	}
	return total;
}

int main(void)
{
	uint8_t *stream = malloc(MAX_STREAM);
	uint8_t *out;
	size_t n, pos = 0, off = 0;
	uint16_t total;

	if (!stream)
		return 1;
	n = read_all(STDIN_FILENO, stream, MAX_STREAM);
	total = data_length(stream, n);
	out = malloc(total ? total : 1);
	if (!out) {
		free(stream);
		return 1;
	}

	while (pos + 3 <= n) {
		uint16_t len = (uint16_t)(stream[pos + 1] << 8 | stream[pos + 2]);

		if (pos + 3 + len > n)
			break;
		if (stream[pos] == T_DATA) {
			memcpy(out + off, stream + pos + 3, len);
			off += len;
		}
		pos += 3 + (size_t)len;
	}
	fwrite(out, 1, off, stdout);
	fprintf(stderr, "%zu payload bytes\n", off);
	free(out);
	free(stream);
	return 0;
}
