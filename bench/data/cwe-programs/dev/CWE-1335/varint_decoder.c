/*
 * varint_decoder - decode a stream of unsigned LEB128 varints (as used
 * by protobuf and WebAssembly) from stdin and print them in decimal.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

/* Returns 1 and stores a value, 0 at clean EOF, -1 on a truncated varint. */
static int read_varint(FILE *in, uint64_t *out)
{
    uint64_t value = 0;
    unsigned shift = 0;
    int c;

    for (;;) {
        c = getc(in);
        if (c == EOF)
            return shift == 0 ? 0 : -1;
        value |= (uint64_t)(c & 0x7f) << shift; /* FLAW: CWE-1335 */
        if ((c & 0x80) == 0)
            break;
        shift += 7;
    }
    *out = value;
    return 1;
}

int main(void)
{
    uint64_t v;
    unsigned long count = 0;
    int rc;

    while ((rc = read_varint(stdin, &v)) == 1) {
        printf("%" PRIu64 "\n", v);
        count++;
    }
    if (rc < 0) {
        fprintf(stderr, "truncated varint after %lu values\n", count);
        return 1;
    }
    return 0;
}
