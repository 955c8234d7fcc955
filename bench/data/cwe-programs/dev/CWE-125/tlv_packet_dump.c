/* tlv_packet_dump: pretty-print a captured TLV packet stored in a file.
 * Each element is 1 byte tag, 1 byte length, then `length` value bytes. */
#include <stdio.h>
#include <stdlib.h>

#define MAX_PACKET 2048

static const char *tag_name(unsigned tag)
{
    switch (tag) {
    case 0x01: return "hostname";
    case 0x02: return "address";
    case 0x03: return "lease";
    case 0x0f: return "vendor";
    default:   return "unknown";
    }
}

static void dump_value(const unsigned char *buf, size_t start, unsigned len)
{
    unsigned i;

    for (i = 0; i < len; i++)
        printf("%02x", buf[start + i]); /* FLAW: CWE-125 */
    putchar('\n');
}

static void dump_packet(const unsigned char *buf, size_t n)
{
    size_t pos = 0;

    while (pos + 2 <= n) {
        unsigned tag = buf[pos];
        unsigned len = buf[pos + 1];

        printf("%-9s (0x%02x) len=%3u : ", tag_name(tag), tag, len);
        dump_value(buf, pos + 2, len);
        pos += 2 + len;
    }
    if (pos != n)
        fprintf(stderr, "warning: trailing bytes in packet\n");
}

int main(int argc, char **argv)
{
    unsigned char *buf;
    long size;
    size_t n;
    FILE *fp;

    if (argc != 2) {
        fprintf(stderr, "usage: %s packet.bin\n", argv[0]);
        return 1;
    }
    fp = fopen(argv[1], "rb");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    /* load the whole capture; packets are small */
    if (fseek(fp, 0, SEEK_END) != 0 || (size = ftell(fp)) < 0 ||
        fseek(fp, 0, SEEK_SET) != 0) {
        perror("seek");
        fclose(fp);
        return 1;
    }
    if (size == 0 || size > MAX_PACKET) {
        fprintf(stderr, "packet size %ld out of range\n", size);
        fclose(fp);
        return 1;
    }
    buf = malloc((size_t)size);
    if (!buf) {
        fclose(fp);
        return 1;
    }
    n = fread(buf, 1, (size_t)size, fp);
    fclose(fp);

    dump_packet(buf, n);
    free(buf);
    return 0;
}
