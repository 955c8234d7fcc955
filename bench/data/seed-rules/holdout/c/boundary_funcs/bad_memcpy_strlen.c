#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char host[32];

    if (argc < 2)
        return 1;
    /* length taken from the source, not from the destination */
    memcpy(host, argv[1], strlen(argv[1]) + 1); /* FLAW: boundary_funcs */
    printf("connecting to %s\n", host);
    return 0;
}
