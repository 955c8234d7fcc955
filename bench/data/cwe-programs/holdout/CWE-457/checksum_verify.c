/* checksum_verify: compute the Adler-32 checksum of a file and compare
 * it with an expected value given in hex on the command line. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MOD_ADLER 65521u

static int adler32_file(FILE *fp, uint32_t *out)
{
	unsigned char buf[4096];
	uint32_t a = 1, b = 0;
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0) {
		for (size_t i = 0; i < n; i++) {
			a = (a + buf[i]) % MOD_ADLER;
			b = (b + a) % MOD_ADLER;
		}
	}
	if (ferror(fp))
		return -1;
	*out = (b << 16) | a;
	return 0;
}

int main(int argc, char **argv)
{
	uint32_t sum = 0;
	unsigned long expected;
	char *end;
	FILE *fp;

	if (argc != 3) {
		fprintf(stderr, "usage: %s FILE HEXSUM\n", argv[0]);
		return 2;
	}
	errno = 0;
	expected = strtoul(argv[2], &end, 16);
	if (errno || *end != '\0' || expected > 0xffffffffUL) {
		fprintf(stderr, "invalid checksum '%s'\n", argv[2]);
		return 2;
	}
	if (!(fp = fopen(argv[1], "rb"))) {
		perror(argv[1]);
		return 2;
	}
	if (adler32_file(fp, &sum) != 0) {
		perror("read");
		fclose(fp);
		return 2;
	}
	fclose(fp);

	printf("%08x  %s\n", (unsigned)sum, argv[1]);
	if (sum != (uint32_t)expected) {
		printf("MISMATCH (expected %08lx)\n", expected);
		return 1;
	}
	puts("OK");
	return 0;
}
