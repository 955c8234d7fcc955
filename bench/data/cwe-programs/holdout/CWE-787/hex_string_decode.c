/*
 * hex_string_decode - turn a hex string such as "deadbeef" into raw
 * bytes and print them as a C array initialiser.
 *
 *   hex_string_decode 0a1b2c3d
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define KEY_BYTES 32

static int hex_nibble(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Decode pairs of hex digits from src into dst; returns byte count or -1. */
static int hex_decode(const char *src, unsigned char *dst)
{
    size_t len = strlen(src);
    size_t i;

    if (len % 2 != 0)
        return -1;

    for (i = 0; i < len / 2; i++) {
        int hi = hex_nibble((unsigned char)src[2 * i]);
        int lo = hex_nibble((unsigned char)src[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return -1;
        dst[i] = (unsigned char)((hi << 4) | lo); /* FLAW: CWE-787 */
    }
    return (int)(len / 2);
}

static void print_array(const unsigned char *buf, int n)
{
    int i;

    printf("static const unsigned char key[%d] = {", n);
    for (i = 0; i < n; i++)
        printf("%s0x%02x", i % 8 ? ", " : (i ? ",\n    " : "\n    "), buf[i]);
    printf("\n};\n");
}

int main(int argc, char **argv)
{
    unsigned char key[KEY_BYTES];
    int n;

    if (argc != 2) {
        fprintf(stderr, "usage: %s HEX\n", argv[0]);
        return 2;
    }

    n = hex_decode(argv[1], key);
    if (n < 0) {
        fprintf(stderr, "invalid hex string\n");
        return 1;
    }
    print_array(key, n);
    return 0;
}
