#include <stddef.h>
#include <string.h>

struct packet {
    unsigned char header[64];
    size_t header_len;
};

/* Copy a caller-provided header into the packet. */
void packet_set_header(struct packet *pkt, const unsigned char *hdr)
{
    unsigned char *dst = pkt->header;

    /* sizeof(hdr) is the size of a pointer, not of the header data */
    memcpy(dst, hdr, sizeof(hdr)); /* FLAW: boundary_funcs */
    pkt->header_len = sizeof(hdr);
}

void packet_copy_tail(struct packet *pkt, const unsigned char *src, size_t n)
{
    memmove(pkt->header + 8, src, n); /* FLAW: boundary_funcs */
}
