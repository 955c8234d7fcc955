/*
 * tlv_decoder.c - dumps a binary TLV (tag, length, value) file.
 *
 * Record layout: u8 tag | u8 len | len bytes of value.
 * Malformed input is reported and decoding stops; it never aborts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>

#define MAX_FILE 65536

enum { TAG_NAME = 1, TAG_PORT = 2, TAG_FLAGS = 3 };

static void show(unsigned tag, const unsigned char *v, unsigned len)
{
    switch (tag) {
    case TAG_NAME:  printf("name  = %.*s\n", (int)len, (const char *)v); break;
    case TAG_PORT:
        if (len == 2) printf("port  = %u\n", (unsigned)(v[0] << 8 | v[1]));
        else          printf("port  = (length %u, expected 2)\n", len);
        break;
    case TAG_FLAGS: printf("flags = %u byte(s)\n", len); break;
    default:        printf("tag %u, %u byte(s) skipped\n", tag, len);
    }
}

static int decode(const unsigned char *buf, size_t n)
{
    size_t off = 0;

    while (off < n) {
        if (n - off < 2) {
            fprintf(stderr, "truncated header at offset %zu\n", off);
            return -1;
        }
        unsigned tag = buf[off], len = buf[off + 1];
        if (len > n - off - 2) {
            fprintf(stderr, "record at offset %zu overruns input\n", off);
            return -1;
        }
        show(tag, buf + off + 2, len);
        off += 2 + (size_t)len;
        assert(off <= n);   /* guaranteed by the length check above */
    }
    return 0;
}

int main(int argc, char **argv)
{
    static unsigned char buf[MAX_FILE];
    size_t n;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    n = fread(buf, 1, sizeof buf, f);
    if (ferror(f)) {
        perror(argv[1]);
        fclose(f);
        return 1;
    }
    fclose(f);
    return decode(buf, n) == 0 ? 0 : 1;
}
