/* message_dispatch: decode a recorded message stream (file) and print
 * each message. Records: u8 type, u8 length, payload.
 *   type 1 TEXT   payload is text
 *   type 2 NUMBER payload is 8 byte little endian integer
 *   type 3 ACK    payload is 2 byte sequence number
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MSG_TEXT = 1, MSG_NUMBER = 2, MSG_ACK = 3 };

struct msg_hdr { uint8_t type; };
struct text_msg { struct msg_hdr hdr; char text[256]; };
struct number_msg { struct msg_hdr hdr; int64_t value; };
struct ack_msg { struct msg_hdr hdr; uint16_t seq; };

static uint64_t le_bytes(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static struct msg_hdr *decode(uint8_t type, const uint8_t *p, uint8_t len)
{
    if (type == MSG_TEXT) {
        struct text_msg *m = malloc(sizeof *m);
        if (!m) return NULL;
        memcpy(m->text, p, len);
        m->text[len] = '\0';
        m->hdr.type = type;
        return &m->hdr;
    }
    if (type == MSG_NUMBER && len == 8) {
        struct number_msg *m = malloc(sizeof *m);
        if (!m) return NULL;
        m->value = (int64_t)le_bytes(p, 8);
        m->hdr.type = type;
        return &m->hdr;
    }
    if (type == MSG_ACK && len == 2) {
        struct ack_msg *m = malloc(sizeof *m);
        if (!m) return NULL;
        m->seq = (uint16_t)le_bytes(p, 2);
        m->hdr.type = type;
        return &m->hdr;
    }
    return NULL;
}

static void print_msg(const struct msg_hdr *h)
{
    if (h->type == MSG_TEXT) {
        printf("text   \"%s\"\n", ((const struct text_msg *)h)->text);
    } else {
        const struct number_msg *n = (const struct number_msg *)h;
        printf("number %lld\n", (long long)n->value); /* FLAW: CWE-843 */
    }
}

int main(int argc, char **argv)
{
    uint8_t hdr[2], payload[255];
    FILE *fp;

    if (argc != 2 || !(fp = fopen(argv[1], "rb"))) {
        fprintf(stderr, "usage: %s STREAM\n", argv[0]);
        return 2;
    }
    while (fread(hdr, 1, 2, fp) == 2) {
        struct msg_hdr *m;

        if (fread(payload, 1, hdr[1], fp) != hdr[1])
            break;
        m = decode(hdr[0], payload, hdr[1]);
        if (!m) {
            fprintf(stderr, "skipping record of type %u\n", hdr[0]);
            continue;
        }
        print_msg(m);
        free(m);
    }
    fclose(fp);
    return 0;
}
