/* crc_table_gen: compute the CRC-32 (IEEE 802.3) of files, using a
 * lookup table generated at start-up. */
#include <stdint.h>
#include <stdio.h>

#define CRC32_POLY 0xEDB88320u

static uint32_t table[256];

static void make_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = (c & 1) ? CRC32_POLY ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
}

static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
	while (n--)
		crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return crc;
}

int main(int argc, char **argv)
{
	unsigned char buf[8192];
	int rc = 0;

	make_table();
	for (int i = 1; i < argc; i++) {
		FILE *fp = fopen(argv[i], "rb");
		uint32_t crc = 0xffffffffu;
		size_t n;

		if (!fp) {
			perror(argv[i]);
			rc = 1;
			continue;
		}
		while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
			crc = crc32_update(crc, buf, n);
		fclose(fp);
		printf("%08x  %s\n", (unsigned)(crc ^ 0xffffffffu), argv[i]);
	}
	return rc;
}
