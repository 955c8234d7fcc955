/*
 * b64.c - RFC 4648 base64 encoding and decoding for the mail and
 * HTTP-auth code.
 *
 *   size_t  b64_encoded_len(size_t n);
 *   int     b64_encode(const uint8_t *in, size_t n, char *out, size_t outsz);
 *   ssize_t b64_decode(const char *in, size_t inlen, uint8_t *out,
 *                      size_t outsz);
 *
 * The decoder skips white space (MIME bodies are wrapped) and stops at the
 * first '=' pad character.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

static const char b64_alphabet[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* Bytes needed to encode n input bytes, including the terminating NUL. */
size_t b64_encoded_len(size_t n)
{
	if (n > (SIZE_MAX - 1) / 4 * 3)
		return 0;
	return (n + 2) / 3 * 4 + 1;
}

int b64_encode(const uint8_t *in, size_t n, char *out, size_t outsz)
{
	size_t need = b64_encoded_len(n);
	size_t i, o = 0;

	if (out == NULL || (in == NULL && n > 0) || need == 0 || outsz < need)
		return -1;
	for (i = 0; i + 2 < n; i += 3) {
		uint32_t v = ((uint32_t)in[i] << 16) | ((uint32_t)in[i + 1] << 8) | in[i + 2];
		out[o++] = b64_alphabet[(v >> 18) & 63];
		out[o++] = b64_alphabet[(v >> 12) & 63];
		out[o++] = b64_alphabet[(v >> 6) & 63];
		out[o++] = b64_alphabet[v & 63];
	}
	if (i < n) {
		uint32_t v = (uint32_t)in[i] << 16;

		if (i + 1 < n)
			v |= (uint32_t)in[i + 1] << 8;
		out[o++] = b64_alphabet[(v >> 18) & 63];
		out[o++] = b64_alphabet[(v >> 12) & 63];
		out[o++] = i + 1 < n ? b64_alphabet[(v >> 6) & 63] : '=';
		out[o++] = '=';
	}
	out[o] = '\0';
	return 0;
}

/*
 * Decode inlen characters of in into out.  Returns the number of bytes
 * produced, or -1 on an invalid character or when out is too small.
 */
ssize_t b64_decode(const char *in, size_t inlen, uint8_t *out, size_t outsz)
{
	uint32_t acc = 0;
	int bits = 0;
	size_t i, o = 0;

	/* every 4 input characters produce at most 3 bytes */
	if (outsz < inlen / 4 * 3)
		return -1;

	if (in == NULL || out == NULL)
		return -1;
	for (i = 0; i < inlen; i++) {
		char c = in[i];
		int v;

		if (c == '=')
			break;
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		v = b64_value(c);
		if (v < 0)
			return -1;
		acc = (acc << 6) | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			out[o++] = (uint8_t)(acc >> bits); /* FLAW: CWE-787 */
			acc &= (1u << bits) - 1;
		}
	}
	return (ssize_t)o;
}
