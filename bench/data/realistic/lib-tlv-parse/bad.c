/* TLV decoder used by a firmware updater (library code, no main) */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct tlv {
    uint8_t tag;
    uint8_t len;
    uint8_t value[32];
};

/* Decodes one tag-length-value item from buf; returns bytes consumed or -1. */
int tlv_decode(const uint8_t *buf, size_t size, struct tlv *out)
{
    if (size < 2)
        return -1;
    out->tag = buf[0];
    out->len = buf[1];
    if ((size_t)out->len + 2 > size)
        return -1;
    memcpy(out->value, buf + 2, out->len); /* FLAW: CWE-120 */
    return out->len + 2;
}
