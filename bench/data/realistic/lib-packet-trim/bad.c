/*
 * pkttrim: helpers for a UDP telemetry collector (library, no main).
 * A datagram carries a 4-byte header (type, flags, 16-bit body length)
 * followed by the body; the collector keeps at most BODY_MAX bytes of it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HDR_LEN 4
#define BODY_MAX 256

struct sample {
    uint8_t type;
    uint8_t flags;
    int body_len;
    unsigned char body[BODY_MAX];
};

static int body_length(const unsigned char *dgram, int dgram_len)
{
    int declared = (dgram[2] << 8) | dgram[3]; /* FLAW: CWE-125 */

    /* a short datagram yields a negative length for the caller to reject */
    if (declared > dgram_len - HDR_LEN)
        declared = dgram_len - HDR_LEN;
    return declared;
}

static void store_body(struct sample *s, const unsigned char *src, int len)
{
    if (len > BODY_MAX)
        len = BODY_MAX;
    memcpy(s->body, src, len); /* FLAW: CWE-195 */
    s->body_len = len;
}

/* Decodes one datagram into *s. Returns 0, or -1 when it is not a sample. */
int sample_decode(const unsigned char *dgram, int dgram_len, struct sample *s)
{
    if (dgram_len < 2)
        return -1;
    s->type = dgram[0];
    s->flags = dgram[1];
    store_body(s, dgram + HDR_LEN, body_length(dgram, dgram_len));
    return 0;
}

/* Sums the body bytes; used as a cheap integrity check by the collector. */
unsigned sample_checksum(const struct sample *s)
{
    unsigned sum = 0;

    for (int i = 0; i < s->body_len; i++)
        sum = (sum << 1) ^ s->body[i];
    return sum;
}
