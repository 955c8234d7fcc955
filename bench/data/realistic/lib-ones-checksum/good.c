/*
 * inetsum: the 16-bit ones'-complement checksum used by IP, UDP and ICMP
 * headers.  Library code: callers pass the raw bytes and their length.
 */
#include <stddef.h>
#include <stdint.h>

static uint32_t fold(uint32_t sum)
{
    while (sum >> 16)
        sum = (sum & 0xffffu) + (sum >> 16);
    return sum;
}

/* Adds buf[0..len) to a running sum (big-endian 16-bit words). */
uint32_t csum_partial(const uint8_t *buf, size_t len, uint32_t sum)
{
    size_t i;

    for (i = 0; i + 1 < len; i += 2) {
        uint16_t word = (uint16_t)(buf[i] << 8 | buf[i + 1]);
        sum += word;
        sum = fold(sum);
    }
    if (i < len) /* odd length: the last byte is padded with a zero */
        sum = fold(sum + (uint32_t)(buf[i] << 8));
    return sum;
}

/* Checksum of a whole buffer, ready to store in a header. */
uint16_t csum(const uint8_t *buf, size_t len)
{
    return (uint16_t)~fold(csum_partial(buf, len, 0));
}

/* Verifies a buffer that already contains its checksum field. */
int csum_ok(const uint8_t *buf, size_t len)
{
    return csum(buf, len) == 0;
}
