/*
 * latavg: summarises request latencies.  Input on stdin: first the number
 * of samples, then that many latencies in microseconds.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

struct summary {
    long total_us;
    long max_us;
    int count;
};

static int read_samples(struct summary *s)
{
    int n;

    if (scanf("%d", &n) != 1 || n < 0)
        return -1;
    s->count = 0;
    s->total_us = 0;
    s->max_us = 0;
    for (int i = 0; i < n; i++) {
        long v;
        if (scanf("%ld", &v) != 1)
            break;
        if (v < 0 || v > LONG_MAX - s->total_us)
            continue;
        s->total_us += v;
        if (v > s->max_us)
            s->max_us = v;
        s->count++;
    }
    return 0;
}

static void report(const struct summary *s)
{
    long mean = s->total_us / s->count; /* FLAW: CWE-369 */

    printf("samples: %d\n", s->count);
    printf("mean:    %ld us\n", mean);
    printf("max:     %ld us\n", s->max_us);
}

int main(void)
{
    struct summary s;

    if (read_samples(&s) != 0) {
        fprintf(stderr, "latavg: expected a sample count\n");
        return 1;
    }
    report(&s);
    return 0;
}
