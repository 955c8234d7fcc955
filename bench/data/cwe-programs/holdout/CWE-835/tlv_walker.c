/*
 * tlv_walker.c - lists the options contained in a captured DHCP-style
 * option block (read from a file).
 *
 * Each record: u8 code | u8 total_length (including this 2-byte
 * header) | value. Code 0 is padding (one byte), code 255 ends the list.
 */
#include <stdio.h>
#include <stdint.h>

#define MAX_BLOCK 1500

static const char *option_name(uint8_t code)
{
    switch (code) {
    case 1:  return "subnet-mask";
    case 3:  return "router";
    case 6:  return "dns-servers";
    case 12: return "hostname";
    case 51: return "lease-time";
    default: return "unknown";
    }
}

static void walk(const uint8_t *buf, size_t len)
{
    size_t off = 0;

    while (off < len) { /* FLAW: CWE-835 */
        uint8_t code = buf[off];
        if (code == 255)
            break;
        if (code == 0) {
            off++;
            continue;
        }
        if (len - off < 2)
            break;
        uint8_t rec_len = buf[off + 1];
        if (rec_len > len - off) {
            fprintf(stderr, "option %u at %zu overruns block\n", (unsigned)code, off);
            break;
        }
        printf("%3u %-12s %3u byte(s)\n", (unsigned)code, option_name(code),
               rec_len >= 2 ? (unsigned)rec_len - 2 : 0u);
        off += rec_len;
    }
}

int main(int argc, char **argv)
{
    uint8_t block[MAX_BLOCK];
    size_t n;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: %s OPTIONS.bin\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    n = fread(block, 1, sizeof block, f);
    fclose(f);
    walk(block, n);
    return 0;
}
