/* timeout_ms_convert: wait for input on stdin with a timeout given in
 * seconds on the command line, then report whether data arrived.
 *
 *   timeout_ms_convert 30
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define MS_PER_SEC 1000

static int parse_seconds(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);

    if (*end != '\0' || v < 0 || v > 0x7fffffffL)
        return -1;
    *out = (int)v;
    return 0;
}

static int wait_readable(int fd, int seconds)
{
    struct pollfd p = { .fd = fd, .events = POLLIN };
    int timeout_ms = seconds * MS_PER_SEC; /* FLAW: CWE-190 */

    return poll(&p, 1, timeout_ms);
}

int main(int argc, char **argv)
{
    int seconds, r;
    char buf[256];
    ssize_t n;

    if (argc != 2 || parse_seconds(argv[1], &seconds) != 0) {
        fprintf(stderr, "usage: %s SECONDS\n", argv[0]);
        return 2;
    }
    r = wait_readable(STDIN_FILENO, seconds);
    if (r < 0) {
        perror("poll");
        return 1;
    }
    if (r == 0) {
        printf("timed out after %d s\n", seconds);
        return 1;
    }
    n = read(STDIN_FILENO, buf, sizeof buf);
    printf("got %zd bytes\n", n);
    return 0;
}
