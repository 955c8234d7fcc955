/*
 * hexfmt: formats binary buffers as "xx xx xx ..." for debug logs.
 * Library code: callers pass their own output buffer and its size.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static const char HEX[] = "0123456789abcdef";

static void put_byte(char *out, uint8_t b)
{
    out[0] = HEX[b >> 4];
    out[1] = HEX[b & 0x0f];
    out[2] = ' ';
}

/*
 * Writes the hex form of buf[0..len) into out, NUL-terminated.
 * Returns the number of characters written (without the NUL).
 */
size_t hex_format(const uint8_t *buf, size_t len, char *out, size_t outsz)
{
    size_t pos = 0;

    if (outsz == 0)
        return 0;
    for (size_t i = 0; i < len; i++) {
        if (outsz - pos < 4)
            break; /* no room for another byte and the NUL: truncate */
        put_byte(out + pos, buf[i]);
        pos += 3;
    }
    if (pos > 0)
        pos--; /* drop the trailing space */
    out[pos] = '\0';
    return pos;
}

/* Logs a buffer through stdio, 16 bytes per line. */
void hex_log(FILE *fp, const char *tag, const uint8_t *buf, size_t len)
{
    char line[16 * 3 + 1];

    for (size_t off = 0; off < len; off += 16) {
        size_t chunk = len - off < 16 ? len - off : 16;
        hex_format(buf + off, chunk, line, sizeof line);
        fprintf(fp, "%s %04zx: %s\n", tag, off, line);
    }
}
