#include <stddef.h>
#include <string.h>

struct packet {
    unsigned char header[64];
    size_t header_len;
};

/* Returns 0 on success, -1 if the header does not fit. */
int packet_set_header(struct packet *pkt, const unsigned char *hdr, size_t len)
{
    if (len > sizeof(pkt->header))
        return -1;
    memcpy(pkt->header, hdr, len);
    pkt->header_len = len;
    return 0;
}

int packet_shift(struct packet *pkt, size_t off)
{
    if (off > pkt->header_len)
        return -1;
    memmove(pkt->header, pkt->header + off, pkt->header_len - off);
    pkt->header_len -= off;
    return 0;
}
