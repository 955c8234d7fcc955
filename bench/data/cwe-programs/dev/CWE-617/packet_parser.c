/*
 * packet_parser.c - decodes telemetry packets captured from the radio
 * link. Input on stdin is a sequence of packets:
 *     u8 version | u8 type | u16 payload_len (big-endian) | payload
 * Only protocol version 2 is produced by the current firmware.
 */
#include <stdio.h>
#include <stdint.h>
#include <assert.h>

#define PROTO_VERSION 2
#define MAX_PAYLOAD 1024

struct pkt_header {
    uint8_t version;
    uint8_t type;
    uint16_t len;
};

static int read_header(FILE *in, struct pkt_header *h)
{
    unsigned char raw[4];

    if (fread(raw, 1, sizeof raw, in) != sizeof raw)
        return -1;
    h->version = raw[0];
    h->type = raw[1];
    h->len = (uint16_t)((raw[2] << 8) | raw[3]);
    return 0;
}

static void describe(const struct pkt_header *h, const unsigned char *p)
{
    switch (h->type) {
    case 1:
        if (h->len >= 2)
            printf("battery  %u mV\n", (unsigned)((p[0] << 8) | p[1]));
        break;
    case 2:
        if (h->len >= 1)
            printf("signal   -%u dBm\n", (unsigned)p[0]);
        break;
    default:
        printf("type %u, %u bytes\n", (unsigned)h->type, (unsigned)h->len);
    }
}

int main(void)
{
    struct pkt_header h;
    unsigned char payload[MAX_PAYLOAD];
    unsigned long count = 0;

    while (read_header(stdin, &h) == 0) {
        assert(h.version == PROTO_VERSION); /* FLAW: CWE-617 */
        if (h.len > MAX_PAYLOAD) {
            fprintf(stderr, "packet %lu: payload too large\n", count);
            return 1;
        }
        if (fread(payload, 1, h.len, stdin) != h.len) {
            fprintf(stderr, "packet %lu: truncated\n", count);
            return 1;
        }
        describe(&h, payload);
        count++;
    }
    printf("%lu packet(s)\n", count);
    return 0;
}
