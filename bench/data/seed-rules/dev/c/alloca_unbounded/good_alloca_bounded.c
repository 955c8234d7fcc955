#include <alloca.h>
#include <stdint.h>
#include <string.h>

#define MAX_PAYLOAD 512

struct msg_header {
    uint16_t type;
    uint32_t payload_len;
};

int handle_message(const struct msg_header *hdr, const unsigned char *payload,
                   void (*sink)(const unsigned char *, size_t))
{
    unsigned char *copy;

    if (hdr->payload_len == 0 || hdr->payload_len > MAX_PAYLOAD)
        return -1;
    copy = alloca(hdr->payload_len);
    memcpy(copy, payload, hdr->payload_len);
    for (uint32_t i = 0; i < hdr->payload_len; i++)
        copy[i] ^= 0x5a;
    sink(copy, hdr->payload_len);
    return 0;
}
