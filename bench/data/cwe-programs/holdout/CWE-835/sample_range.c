/*
 * sample_range.c - prints a frequency sweep plan for the signal
 * generator: START..STOP Hz in STEP Hz increments.
 *
 * usage: sample_range START STOP STEP
 * The number of points is computed up front and capped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>

#define MAX_POINTS 100000L
#define MAX_HZ 6000000000L     /* 6 GHz */

static int parse_hz(const char *s, long *out)
{
    char *end;
    errno = 0;
    *out = strtol(s, &end, 10);
    return (errno || end == s || *end || *out < 0 || *out > MAX_HZ) ? -1 : 0;
}

int main(int argc, char **argv)
{
    long start, stop, step, points;

    if (argc != 4 || parse_hz(argv[1], &start) || parse_hz(argv[2], &stop) ||
        parse_hz(argv[3], &step)) {
        fprintf(stderr, "usage: %s START STOP STEP (Hz, 0..%ld)\n", argv[0], MAX_HZ);
        return 2;
    }
    if (step == 0 || stop < start) {
        fprintf(stderr, "STEP must be positive and STOP >= START\n");
        return 2;
    }
    points = (stop - start) / step + 1;
    if (points > MAX_POINTS) {
        fprintf(stderr, "%ld points requested, limit is %ld\n", points, MAX_POINTS);
        return 2;
    }

    printf("# sweep %ld..%ld Hz, %ld point(s)\n", start, stop, points);
    for (long i = 0; i < points; i++) {
        long f = start + i * step;
        printf("FREQ %ld\nDWELL 10ms\n", f);
    }
    return 0;
}
