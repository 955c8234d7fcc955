/*
 * dnsname.c - helpers for reading names and questions out of raw DNS
 * messages (RFC 1035, section 4.1.4 name compression included).
 *
 * Exported API:
 *   int dns_decode_name(const uint8_t *msg, size_t msglen, size_t off,
 *                       char *out, size_t outsz, size_t *next);
 *   int dns_parse_question(const uint8_t *msg, size_t msglen, size_t off,
 *                          struct dns_question *q, size_t *next);
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define DNS_HEADER_LEN  12
#define DNS_MAX_NAME    255
#define DNS_MAX_JUMPS   16

struct dns_question {
    char     name[DNS_MAX_NAME + 1];
    uint16_t qtype;
    uint16_t qclass;
};

static uint16_t get_u16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

/*
 * Decode the name starting at msg[off] into a dotted string.
 * On success returns the length of the text in out and, if next is not
 * NULL, stores the offset of the first byte after the name as it appears
 * at off (compression pointers are followed but not counted).
 * Returns -1 on malformed input or when out is too small.
 */
int dns_decode_name(const uint8_t *msg, size_t msglen, size_t off,
                    char *out, size_t outsz, size_t *next)
{
    size_t pos = off;
    size_t outlen = 0;
    int jumps = 0;
    int jumped = 0;

    if (msg == NULL || out == NULL || outsz == 0)
        return -1;

    for (;;) {
        uint8_t len;

        if (pos >= msglen)
            return -1;
        len = msg[pos];

        if ((len & 0xC0) == 0xC0) {
            /* compression pointer: 14-bit offset from message start */
            size_t target;

            if (pos + 1 >= msglen)
                return -1;
            target = ((size_t)(len & 0x3F) << 8) | msg[pos + 1];
            if (!jumped && next != NULL)
                *next = pos + 2;
            jumped = 1;
            if (++jumps > DNS_MAX_JUMPS || target >= msglen)
                return -1;
            pos = target;
            continue;
        }
        if ((len & 0xC0) != 0)
            return -1;              /* extended label types are not supported */

        pos++;
        if (len == 0)
            break;                  /* root label terminates the name */

        /* room for an optional dot, the label and the final NUL */
        if (outlen + len + 2 > outsz || outlen + len + 1 > DNS_MAX_NAME)
            return -1;
        if (outlen > 0)
            out[outlen++] = '.';
        memcpy(out + outlen, msg + pos, len); /* FLAW: CWE-125 */
        outlen += len;
        pos += len;
    }

    if (!jumped && next != NULL)
        *next = pos;
    out[outlen] = '\0';
    return (int)outlen;
}

/*
 * Parse one entry of the question section at msg[off].
 * Returns 0 and stores the offset after the entry in *next on success.
 */
int dns_parse_question(const uint8_t *msg, size_t msglen, size_t off,
                       struct dns_question *q, size_t *next)
{
    size_t pos;

    if (q == NULL || next == NULL || off < DNS_HEADER_LEN)
        return -1;
    if (dns_decode_name(msg, msglen, off, q->name, sizeof q->name, &pos) < 0)
        return -1;
    if (pos > msglen || msglen - pos < 4)
        return -1;
    q->qtype = get_u16(msg + pos);
    q->qclass = get_u16(msg + pos + 2);
    *next = pos + 4;
    return 0;
}
