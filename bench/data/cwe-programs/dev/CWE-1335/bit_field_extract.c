/*
 * bit_field_extract - extract a bit field from a 32-bit register value:
 *
 *   bit_field_extract 0xdeadbeef 8 12    -> bits 8..19
 *
 * Arguments: VALUE, LSB position (0-31), field width (1-32).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int parse_ul(const char *s, int base, unsigned long *out)
{
    char *end;

    errno = 0;
    *out = strtoul(s, &end, base);
    return (errno || end == s || *end) ? -1 : 0;
}

static uint32_t extract(uint32_t value, unsigned lsb, unsigned width)
{
    uint32_t mask;

    /* lsb < 32 and 1 <= width <= 32 - lsb, so no shift reaches 32 */
    value >>= lsb;
    mask = width == 32 ? UINT32_MAX : ((UINT32_C(1) << width) - 1);
    return value & mask;
}

int main(int argc, char **argv)
{
    unsigned long value, lsb, width;
    uint32_t field;

    if (argc != 4 || parse_ul(argv[1], 0, &value) || parse_ul(argv[2], 10, &lsb) ||
        parse_ul(argv[3], 10, &width)) {
        fprintf(stderr, "usage: %s VALUE LSB WIDTH\n", argv[0]);
        return 2;
    }
    if (value > UINT32_MAX || lsb > 31 || width < 1 || width > 32 - lsb) {
        fprintf(stderr, "field out of range\n");
        return 1;
    }
    field = extract((uint32_t)value, (unsigned)lsb, (unsigned)width);
    printf("bits %lu..%lu of 0x%08lx = 0x%x (%u)\n", lsb, lsb + width - 1,
           value, (unsigned)field, (unsigned)field);
    return 0;
}
