/*
 * range_sampler.c - prints a table of a sensor calibration curve at
 * regular intervals, for pasting into the test report.
 *
 * usage: range_sampler FROM TO STEP
 * All values are in millivolts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>

/* Third-order calibration polynomial from the data sheet. */
static double calibrate(long mv)
{
    double x = mv / 1000.0;
    return 0.12 + 24.7 * x - 1.9 * x * x + 0.043 * x * x * x;
}

static int parse_long(const char *s, long *out)
{
    char *end;
    errno = 0;
    *out = strtol(s, &end, 10);
    return (errno || *end != '\0' || end == s) ? -1 : 0;
}

int main(int argc, char **argv)
{
    long from, to, step, mv;
    unsigned rows = 0;

    if (argc != 4 || parse_long(argv[1], &from) || parse_long(argv[2], &to) ||
        parse_long(argv[3], &step)) {
        fprintf(stderr, "usage: %s FROM TO STEP (millivolts)\n", argv[0]);
        return 2;
    }
    if (from < -10000 || to > 10000 || from > to || step > 20000 || step < -20000) {
        fprintf(stderr, "range must lie within -10000..10000 mV\n");
        return 2;
    }

    printf("%10s %12s\n", "input mV", "reading");
    for (mv = from; mv <= to; mv += step) { /* FLAW: CWE-835 */
        printf("%10ld %12.3f\n", mv, calibrate(mv));
        rows++;
    }
    printf("(%u rows)\n", rows);
    return 0;
}
