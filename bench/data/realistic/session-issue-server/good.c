/* sessiond: hands out a session id to each client that connects on port 7070 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define PORT 7070
#define SID_BYTES 16

static const char hexdigits[] = "0123456789abcdef";

/* session ids must not be guessable: take them from the kernel's generator */
static int read_random(unsigned char *buf, size_t len)
{
    size_t got = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        return -1;
    while (got < len) {
        ssize_t r = read(fd, buf + got, len - got);
        if (r <= 0) {
            close(fd);
            return -1;
        }
        got += (size_t)r;
    }
    close(fd);
    return 0;
}

static int make_sid(char *out, size_t outlen)
{
    unsigned char raw[SID_BYTES];
    size_t i;

    if (outlen < 2 * SID_BYTES + 1)
        return -1;
    if (read_random(raw, sizeof raw) != 0)
        return -1;
    for (i = 0; i < SID_BYTES; i++) {
        out[2 * i] = hexdigits[raw[i] >> 4];
        out[2 * i + 1] = hexdigits[raw[i] & 0xf];
    }
    out[2 * SID_BYTES] = '\0';
    return 0;
}

static void serve(int client)
{
    char sid[2 * SID_BYTES + 1];
    char reply[64];
    int n;

    if (make_sid(sid, sizeof sid) != 0)
        return;
    n = snprintf(reply, sizeof reply, "SID %s\r\n", sid);
    if (n > 0 && (size_t)n < sizeof reply)
        send(client, reply, (size_t)n, 0);
}

/* a short random pause between retries keeps restarted daemons from all binding at once */
static int bind_with_retry(int s, const struct sockaddr_in *addr)
{
    int tries;

    for (tries = 0; tries < 5; tries++) {
        if (bind(s, (const struct sockaddr *)addr, sizeof *addr) == 0)
            return 0;
        usleep(100000 + (useconds_t)(rand() % 400000));
    }
    return -1;
}

int main(void)
{
    struct sockaddr_in addr;
    int s, c;

    srand((unsigned)time(NULL));
    s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0)
        return 1;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(PORT);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind_with_retry(s, &addr) != 0 || listen(s, 16) != 0) {
        close(s);
        return 1;
    }
    while ((c = accept(s, NULL, NULL)) >= 0) {
        serve(c);
        close(c);
    }
    close(s);
    return 0;
}
