/*
 * dns_name_decoder.c - prints the question names of DNS query packets
 * captured by the sniffer, one packet per file.
 *
 * usage: dns_name_decoder PACKET...
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define MAX_PKT 512
#define HDR_LEN 12

/* Decode the (possibly compressed) name starting at POS into OUT. */
static int decode_name(const uint8_t *pkt, size_t len, size_t pos, char *out, size_t cap)
{
    size_t o = 0;

    for (;;) { /* FLAW: CWE-835 */
        if (pos >= len)
            return -1;
        uint8_t l = pkt[pos];
        if (l == 0)
            break;
        if ((l & 0xC0) == 0xC0) {
            if (pos + 1 >= len)
                return -1;
            pos = ((size_t)(l & 0x3F) << 8) | pkt[pos + 1];
            continue;
        }
        if (l > 63 || pos + 1 + l > len || o + l + 2 > cap)
            return -1;
        if (o > 0)
            out[o++] = '.';
        memcpy(out + o, pkt + pos + 1, l);
        o += l;
        pos += 1 + (size_t)l;
    }
    out[o] = '\0';
    return 0;
}

static int show_packet(const char *path)
{
    uint8_t pkt[MAX_PKT];
    char name[256];
    size_t len;
    unsigned qdcount;
    FILE *f = fopen(path, "rb");

    if (!f)
        return -1;
    len = fread(pkt, 1, sizeof pkt, f);
    fclose(f);
    if (len < HDR_LEN)
        return -1;
    qdcount = (unsigned)(pkt[4] << 8 | pkt[5]);
    if (qdcount == 0)
        return 0;
    if (decode_name(pkt, len, HDR_LEN, name, sizeof name) != 0)
        return -1;
    printf("%s: id %u, %u question(s), first: %s\n", path,
           (unsigned)(pkt[0] << 8 | pkt[1]), qdcount, name[0] ? name : ".");
    return 0;
}

int main(int argc, char **argv)
{
    int failures = 0;

    for (int i = 1; i < argc; i++)
        if (show_packet(argv[i]) != 0) {
            fprintf(stderr, "%s: malformed packet\n", argv[i]);
            failures++;
        }
    return failures ? 1 : 0;
}
