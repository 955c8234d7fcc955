/*
 * tlv.c - walk the type-length-value records found in device
 * configuration blobs.
 *
 * Record layout (integers are big endian):
 *     type    1 byte
 *     length  2 bytes, length of the value
 *     value   length bytes
 *     check   1 byte, XOR of all value bytes
 *
 *   size_t tlv_next(const uint8_t *buf, size_t len, struct tlv *out);
 *   int    tlv_find(const uint8_t *buf, size_t len, uint8_t type,
 *                   struct tlv *out);
 *   int    tlv_get_u32(const struct tlv *t, uint32_t *v);
 *   int    tlv_get_str(const struct tlv *t, char *dst, size_t dstsz);
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define TLV_HDR_LEN   3
#define TLV_CHECK_LEN 1

struct tlv {
	uint8_t type;
	uint16_t len;
	const uint8_t *value;
};

/*
 * Decode the record at the start of buf.  Returns the number of bytes it
 * occupies (so the caller can advance), or 0 at the end of the data or
 * when the record is malformed.
 */
size_t tlv_next(const uint8_t *buf, size_t len, struct tlv *out)
{
	uint8_t sum = 0;
	size_t vlen, i;

	if (buf == NULL || out == NULL || len < TLV_HDR_LEN + TLV_CHECK_LEN)
		return 0;

	vlen = ((size_t)buf[1] << 8) | buf[2];

	for (i = 0; i < vlen; i++)
		sum ^= buf[TLV_HDR_LEN + i]; /* FLAW: CWE-125 */
	if (sum != buf[TLV_HDR_LEN + vlen]) /* FLAW: CWE-125 */
		return 0;

	out->type = buf[0];
	out->len = (uint16_t)vlen;
	out->value = buf + TLV_HDR_LEN;
	return TLV_HDR_LEN + vlen + TLV_CHECK_LEN;
}

/* Find the first record of the given type.  Returns 0 if found. */
int tlv_find(const uint8_t *buf, size_t len, uint8_t type, struct tlv *out)
{
	size_t off = 0;

	while (off < len) {
		size_t n = tlv_next(buf + off, len - off, out);

		if (n == 0)
			return -1;
		if (out->type == type)
			return 0;
		off += n;
	}
	return -1;
}

int tlv_get_u32(const struct tlv *t, uint32_t *v)
{
	if (t == NULL || v == NULL || t->len != 4)
		return -1;
	*v = ((uint32_t)t->value[0] << 24) | ((uint32_t)t->value[1] << 16) |
	     ((uint32_t)t->value[2] << 8) | (uint32_t)t->value[3];
	return 0;
}

/* Copy a string value; fails if it does not fit together with a NUL. */
int tlv_get_str(const struct tlv *t, char *dst, size_t dstsz)
{
	if (t == NULL || dst == NULL || dstsz == 0 || t->len >= dstsz)
		return -1;
	memcpy(dst, t->value, t->len);
	dst[t->len] = '\0';
	return 0;
}
