/*
 * ip_header_reader - parse the IPv4 header at the start of a raw packet
 * capture file and print its fields.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IPV4_MIN_HDR 20
#define MAX_CAPTURE  65535

struct ipv4_info {
    unsigned version, ihl, ttl, proto;
    unsigned total_len;
    uint8_t src[4], dst[4];
    unsigned options_len;
};

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) | p[1]);
}

/* Returns 0 on success, -1 if the capture is too short or malformed. */
static int parse_ipv4(const uint8_t *pkt, size_t n, struct ipv4_info *ip)
{
    if (n < IPV4_MIN_HDR)
        return -1;
    ip->version = pkt[0] >> 4;
    ip->ihl = pkt[0] & 0x0f;
    if (ip->version != 4 || ip->ihl < 5)
        return -1;
    if ((size_t)ip->ihl * 4 > n)
        return -1;
    ip->total_len = be16(pkt + 2);
    ip->ttl = pkt[8];
    ip->proto = pkt[9];
    memcpy(ip->src, pkt + 12, 4);
    memcpy(ip->dst, pkt + 16, 4);
    ip->options_len = ip->ihl * 4 - IPV4_MIN_HDR;
    return 0;
}

int main(int argc, char **argv)
{
    static uint8_t pkt[MAX_CAPTURE];
    struct ipv4_info ip;
    size_t n;
    FILE *fp;

    if (argc != 2) {
        fprintf(stderr, "usage: %s capture.bin\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    n = fread(pkt, 1, sizeof pkt, fp);
    fclose(fp);

    if (parse_ipv4(pkt, n, &ip) != 0) {
        fprintf(stderr, "not a valid IPv4 header (%zu bytes)\n", n);
        return 1;
    }
    printf("version   %u\n", ip.version);
    printf("hdr len   %u bytes (%u option bytes)\n", ip.ihl * 4, ip.options_len);
    printf("total len %u%s\n", ip.total_len,
           ip.total_len > n ? " (truncated capture)" : "");
    printf("ttl       %u\n", ip.ttl);
    printf("protocol  %u\n", ip.proto);
    printf("src       %u.%u.%u.%u\n", ip.src[0], ip.src[1], ip.src[2], ip.src[3]);
    printf("dst       %u.%u.%u.%u\n", ip.dst[0], ip.dst[1], ip.dst[2], ip.dst[3]);
    return 0;
}
