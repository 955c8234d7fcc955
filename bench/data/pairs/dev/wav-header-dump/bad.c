/*
 * wavinfo - print the format and the INFO tags of a RIFF/WAVE file.
 *
 * usage: wavinfo FILE.wav
 */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TAG_TEXT_MAX 256

struct chunk_hdr {
	char id[5];
	uint32_t size;
};

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
	       ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint16_t le16(const unsigned char *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static int read_chunk_hdr(FILE *fp, struct chunk_hdr *ck)
{
	unsigned char raw[8];

	if (fread(raw, 1, sizeof(raw), fp) != sizeof(raw))
		return -1;
	memcpy(ck->id, raw, 4);
	ck->id[4] = '\0';
	ck->size = le32(raw + 4);
	return 0;
}

/* chunks are padded to an even number of bytes */
static int skip_bytes(FILE *fp, uint32_t n)
{
	return fseek(fp, (long)n + (long)(n & 1), SEEK_CUR);
}

static int print_fmt(FILE *fp, uint32_t size)
{
	unsigned char fmt[16];

	if (size < sizeof(fmt) || fread(fmt, 1, sizeof(fmt), fp) != sizeof(fmt))
		return -1;
	printf("format:      %u\n", le16(fmt));
	printf("channels:    %u\n", le16(fmt + 2));
	printf("sample rate: %u Hz\n", le32(fmt + 4));
	printf("byte rate:   %u\n", le32(fmt + 8));
	printf("bits/sample: %u\n", le16(fmt + 14));
	return skip_bytes(fp, size - (uint32_t)sizeof(fmt));
}

/* LIST chunk of type INFO: a sequence of (id, size, text) sub-chunks */
static int print_info(FILE *fp, uint32_t size)
{
	char type[4];
	char text[TAG_TEXT_MAX];
	uint32_t left;

	if (size < 4 || fread(type, 1, 4, fp) != 4)
		return -1;
	left = size - 4;
	if (memcmp(type, "INFO", 4) != 0)
		return skip_bytes(fp, left);

	while (left >= 8) {
		struct chunk_hdr sub;
		uint32_t padded;

		if (read_chunk_hdr(fp, &sub) < 0)
			return -1;
		left -= 8;
		padded = sub.size + (sub.size & 1);
		if (sub.size > left || padded > left)
			return -1;

		if (fread(text, 1, sub.size, fp) != sub.size) /* FLAW: CWE-121 */
			return -1;
		if ((sub.size & 1) && fgetc(fp) == EOF)
			return -1;
		/* tag strings are NUL terminated in the file, but be lenient */
		text[sub.size > 0 ? sub.size - 1 : 0] = '\0';
		printf("tag %s:    %s\n", sub.id, text);
		left -= padded;
	}
	return skip_bytes(fp, left);
}

int main(int argc, char **argv)
{
	FILE *fp;
	unsigned char riff[12];
	struct chunk_hdr ck;
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE.wav\n", argv[0]);
		return 2;
	}
	fp = fopen(argv[1], "rb");
	if (!fp) {
		perror(argv[1]);
		return 1;
	}
	if (fread(riff, 1, sizeof(riff), fp) != sizeof(riff) ||
	    memcmp(riff, "RIFF", 4) != 0 || memcmp(riff + 8, "WAVE", 4) != 0) {
		fprintf(stderr, "%s: not a RIFF/WAVE file\n", argv[1]);
		fclose(fp);
		return 1;
	}

	while (rc == 0 && read_chunk_hdr(fp, &ck) == 0) {
		if (strcmp(ck.id, "fmt ") == 0)
			rc = print_fmt(fp, ck.size);
		else if (strcmp(ck.id, "LIST") == 0)
			rc = print_info(fp, ck.size);
		else if (strcmp(ck.id, "data") == 0) {
			printf("data bytes:  %u\n", ck.size);
			rc = skip_bytes(fp, ck.size);
		} else
			rc = skip_bytes(fp, ck.size);
	}
	if (rc != 0)
		fprintf(stderr, "%s: truncated or malformed chunk\n", argv[1]);
	fclose(fp);
	return rc == 0 ? 0 : 1;
}
