#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int port;

    if (argc < 2) {
        fprintf(stderr, "usage: %s PORT\n", argv[0]);
        return 2;
    }
    port = atoi(argv[1]); /* FLAW: atoi_family */
    printf("listening on %d\n", port);
    return 0;
}
