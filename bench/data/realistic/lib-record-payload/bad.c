/*
 * recio: record framing for an append-only journal (library, no main).
 * On disk a record is: u32 total length (big-endian, includes this 8-byte
 * header), u32 CRC of the payload, then the payload.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define REC_HDR 8u

typedef struct {
    unsigned char *data;
    size_t len;
} buf_t;

static uint32_t be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static uint32_t crc_simple(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = (c >> 1) ^ (0xedb88320u & (0u - ((c ^ *p++) & 1u)));
    return ~c;
}

/*
 * Extracts the payload of the record at the start of in into a new buffer.
 * Returns the number of input bytes used, or 0 when the record is invalid.
 */
size_t rec_read(const buf_t *in, buf_t *payload)
{
    uint32_t total, crc;
    size_t plen;

    if (in->len < REC_HDR)
        return 0;
    total = be32(in->data);
    crc = be32(in->data + 4);
    if (total > in->len)
        return 0;
    plen = total - REC_HDR; /* FLAW: CWE-191 */
    payload->data = malloc(plen ? plen : 1);
    if (payload->data == NULL)
        return 0;
    memcpy(payload->data, in->data + REC_HDR, plen); /* FLAW: CWE-125 */
    payload->len = plen;
    if (crc_simple(payload->data, plen) != crc) {
        free(payload->data);
        payload->data = NULL;
        payload->len = 0;
        return 0;
    }
    return total;
}
