#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char *end;
    long port;

    if (argc < 2) {
        fprintf(stderr, "usage: %s PORT\n", argv[0]);
        return 2;
    }
    errno = 0;
    port = strtol(argv[1], &end, 10);
    if (errno != 0 || end == argv[1] || *end != '\0' || port < 1 || port > 65535) {
        fprintf(stderr, "invalid port\n");
        return 1;
    }
    printf("listening on %ld\n", port);
    return 0;
}
