/* framed protocol: a 4-byte big-endian length, then that many bytes of text */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>

static int read_all(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n > 0) {
        ssize_t r = read(fd, p, n); /* FLAW: CWE-120 */
        if (r <= 0)
            return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static int recv_len(int fd, uint32_t *len)
{
    uint32_t be;
    if (read_all(fd, &be, sizeof be) != 0)
        return -1;
    *len = ntohl(be);
    return 0;
}

int handle_frame(int fd)
{
    char text[512];
    uint32_t len;

    if (recv_len(fd, &len) != 0)
        return -1;
    if (read_all(fd, text, len) != 0)
        return -1;
    text[len < sizeof text ? len : sizeof text - 1] = '\0';
    printf("frame: %s\n", text);
    return 0;
}
