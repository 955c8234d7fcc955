/* url_decode: decode percent-encoded strings given as arguments,
 * e.g. "a%20b+c" -> "a b c". Malformed escapes are reported. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
	if (isdigit((unsigned char)c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Decode src into a newly allocated string. The output is never longer
 * than the input. Returns NULL on a malformed escape or allocation error.
 */
static char *url_decode(const char *src)
{
	size_t len = strlen(src);
	char *out = malloc(len + 1);
	size_t i, o = 0;

	if (!out)
		return NULL;
	for (i = 0; i < len; i++) {
		if (src[i] == '+') {
			out[o++] = ' ';
		} else if (src[i] == '%') {
			int hi, lo;

			if (i + 2 >= len) {
				free(out);
				return NULL;
			}
			hi = hexval(src[i + 1]);
			lo = hexval(src[i + 2]);
			if (hi < 0 || lo < 0) {
				free(out);
				return NULL;
			}
			out[o++] = (char)(hi * 16 + lo);
			i += 2;
		} else {
			out[o++] = src[i];
		}
	}
	out[o] = '\0';
	return out;
}

int main(int argc, char **argv)
{
	int i, rc = 0;

	for (i = 1; i < argc; i++) {
		char *dec = url_decode(argv[i]);

		if (!dec) {
			fprintf(stderr, "%s: malformed escape\n", argv[i]);
			rc = 1;
			continue;
		}
		printf("%s\n", dec);
		free(dec);
	}
	return rc;
}
