#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_SAMPLES 1000000L

int main(int argc, char **argv)
{
    char *end;
    long n;
    double *samples;

    if (argc < 2)
        return 1;
    errno = 0;
    n = strtol(argv[1], &end, 10);
    if (errno != 0 || *end != '\0' || n <= 0 || n > MAX_SAMPLES)
        return 1;
    samples = calloc((size_t)n, sizeof(*samples));
    if (samples == NULL)
        return 1;
    for (long i = 0; i < n; i++)
        samples[i] = (double)i / (double)n;
    printf("last sample %f\n", samples[n - 1]);
    free(samples);
    return 0;
}
