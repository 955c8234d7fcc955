/* upperd: answers each chunk a client sends with the same bytes in upper case */
#include <ctype.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define PORT 7070

/* write all of buf, riding out short writes; -1 when the peer is gone */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, buf, len);
        if (w < 0)
            return -1;
        buf += w;
        len -= (size_t)w;
    }
    return 0;
}

static void serve(int c)
{
    char buf[512];
    ssize_t n;

    while ((n = read(c, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i <= n; i++)
            buf[i] = (char)toupper((unsigned char)buf[i]); /* FLAW: CWE-121 */
        if (write_all(c, buf, (size_t)n) != 0)
            break;
    }
}

int main(void)
{
    struct sockaddr_in addr;
    int one = 1;
    int s = socket(AF_INET, SOCK_STREAM, 0);

    if (s < 0) {
        perror("socket");
        return 1;
    }
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons(PORT);
    if (bind(s, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(s, 8) != 0) {
        perror("bind");
        close(s);
        return 1;
    }
    for (;;) {
        int c = accept(s, NULL, NULL);
        if (c < 0)
            continue;
        serve(c);
        close(c);
    }
}
