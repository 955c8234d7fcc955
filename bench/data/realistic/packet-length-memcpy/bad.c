/* parses a length-prefixed message from a peer: 1 type byte, 2 length bytes, payload */
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

struct msg {
    uint8_t type;
    uint16_t len;
    uint8_t payload[256];
};

static int recv_exact(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = recv(fd, (char *)buf + got, n - got, 0);
        if (r <= 0)
            return -1;
        got += (size_t)r;
    }
    return 0;
}

int read_msg(int fd, struct msg *m)
{
    uint8_t hdr[3];
    uint8_t body[1024];

    if (recv_exact(fd, hdr, sizeof hdr) != 0)
        return -1;
    m->type = hdr[0];
    m->len = (uint16_t)(hdr[1] << 8 | hdr[2]);
    if (m->len > sizeof body)
        return -1;
    if (recv_exact(fd, body, m->len) != 0)
        return -1;
    memcpy(m->payload, body, m->len); /* FLAW: CWE-120 */
    return 0;
}
