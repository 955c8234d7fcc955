/*
 * urlcodec.c - percent-encoding helpers for the HTTP front end.
 *
 *   size_t url_decode(const char *in, size_t inlen, char *out, size_t outsz);
 *   int    url_encode(const char *in, char *out, size_t outsz);
 *   int    query_get(const char *qs, const char *name, char *out,
 *                    size_t outsz);
 */
#include <stddef.h>
#include <string.h>

#define URL_ERROR ((size_t)-1)

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Decode the first inlen characters of in into out: '+' becomes a space
 * and %XX the byte XX.  Output that does not fit is truncated and out is
 * always NUL-terminated.  Returns the decoded length, or URL_ERROR for a
 * malformed escape or an encoded NUL byte.
 */
size_t url_decode(const char *in, size_t inlen, char *out, size_t outsz)
{
	size_t i = 0, o = 0;

	if (in == NULL || out == NULL || outsz == 0)
		return URL_ERROR;

	while (i < inlen && o + 1 < outsz) {
		char c = in[i];

		if (c == '+') {
			c = ' ';
			i++;
		} else if (c == '%') {
			int hi, lo;

			if (inlen - i < 3)
				return URL_ERROR;
			hi = hexval((unsigned char)in[i + 1]);
			lo = hexval((unsigned char)in[i + 2]);
			if (hi < 0 || lo < 0 || (hi == 0 && lo == 0))
				return URL_ERROR;
			c = (char)(hi << 4 | lo);
			i += 3;
		} else {
			i++;
		}
		out[o++] = c;
	}
	out[o] = '\0';
	return o;
}

/* Percent-encode everything except RFC 3986 unreserved characters. */
int url_encode(const char *in, char *out, size_t outsz)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t o = 0;

	if (in == NULL || out == NULL || outsz == 0)
		return -1;
	for (; *in != '\0'; in++) {
		unsigned char c = (unsigned char)*in;

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '.' ||
		    c == '_' || c == '~') {
			if (outsz - o < 2)
				return -1;
			out[o++] = (char)c;
		} else {
			if (outsz - o < 4)
				return -1;
			out[o++] = '%';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		}
	}
	out[o] = '\0';
	return 0;
}

/*
 * Look up NAME in a query string such as "a=1&b=two+words" and store its
 * decoded value in out.  Returns 0 if found, -1 otherwise.
 */
int query_get(const char *qs, const char *name, char *out, size_t outsz)
{
	size_t nlen;

	if (qs == NULL || name == NULL)
		return -1;
	nlen = strlen(name);
	while (*qs != '\0') {
		size_t plen = strcspn(qs, "&");

		if (plen > nlen && strncmp(qs, name, nlen) == 0 && qs[nlen] == '=') {
			const char *val = qs + nlen + 1;

			if (url_decode(val, plen - nlen - 1, out, outsz) == URL_ERROR)
				return -1;
			return 0;
		}
		qs += plen;
		if (*qs == '&')
			qs++;
	}
	return -1;
}
