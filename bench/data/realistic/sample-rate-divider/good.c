/*
 * decimate: keeps every Nth sample of a text stream of numbers.
 * Usage: decimate IN_RATE OUT_RATE < samples.txt
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static int parse_rate(const char *s, long *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v <= 0)
        return -1;
    *out = v;
    return 0;
}

static long decimation_factor(long in_rate, long out_rate)
{
    long step = in_rate / out_rate;
    return step < 1 ? 1 : step;
}

int main(int argc, char **argv)
{
    long in_rate, out_rate, step, idx = 0;
    double v;

    if (argc != 3) {
        fprintf(stderr, "usage: %s IN_RATE OUT_RATE\n", argv[0]);
        return 2;
    }
    if (parse_rate(argv[1], &in_rate) != 0 || parse_rate(argv[2], &out_rate) != 0) {
        fprintf(stderr, "rates must be positive integers\n");
        return 2;
    }
    step = decimation_factor(in_rate, out_rate);
    while (scanf("%lf", &v) == 1) {
        if (idx % step == 0)
            printf("%g\n", v);
        idx++;
    }
    return 0;
}
