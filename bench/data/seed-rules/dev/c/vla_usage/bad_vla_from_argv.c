#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char *end;
    long n;

    if (argc < 2)
        return 1;
    errno = 0;
    n = strtol(argv[1], &end, 10);
    if (errno != 0 || *end != '\0' || n <= 0)
        return 1;

    double samples[n]; /* FLAW: vla_usage */
    for (long i = 0; i < n; i++)
        samples[i] = (double)i / (double)n;
    printf("last sample %f\n", samples[n - 1]);
    return 0;
}
