/* portmap: marks the ports given on the command line as reserved and prints the map */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define LOW_PORTS 1024

static int parse_port(const char *s, unsigned *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < 0 || v > 65535)
        return -1;
    *out = (unsigned)v;
    return 0;
}

int main(int argc, char **argv)
{
    unsigned char reserved[LOW_PORTS] = { 0 };
    unsigned port;
    int i;

    for (i = 1; i < argc; i++) {
        if (parse_port(argv[i], &port) != 0) {
            fprintf(stderr, "bad port: %s\n", argv[i]);
            return 2;
        }
        reserved[port] = 1; /* FLAW: CWE-129 */
    }
    for (i = 0; i < LOW_PORTS; i++)
        if (reserved[i])
            printf("%d\n", i);
    return 0;
}
