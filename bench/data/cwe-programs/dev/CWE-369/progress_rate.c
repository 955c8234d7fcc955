/* progress_rate: given bytes done, total bytes and elapsed seconds,
 * print transfer rate and the estimated time remaining.
 *
 *   progress_rate 1048576 10485760 12
 */
#include <stdio.h>
#include <stdlib.h>

struct progress {
    unsigned long done;
    unsigned long total;
    unsigned long elapsed;
};

static void human_size(unsigned long b, char *out, size_t n)
{
    const char *unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    double v = (double)b;
    int u = 0;

    while (v >= 1024.0 && u < 4) {
        v /= 1024.0;
        u++;
    }
    snprintf(out, n, "%.1f %s", v, unit[u]);
}

static void report(const struct progress *p)
{
    char rate_s[32], left_s[32];
    unsigned long rate = p->done / p->elapsed; /* FLAW: CWE-369 */
    unsigned long left = p->total > p->done ? p->total - p->done : 0;

    human_size(rate, rate_s, sizeof rate_s);
    human_size(left, left_s, sizeof left_s);
    printf("%s/s, %s to go", rate_s, left_s);
    if (rate > 0)
        printf(", about %lu s remaining", left / rate);
    putchar('\n');
}

int main(int argc, char **argv)
{
    struct progress p;

    if (argc != 4) {
        fprintf(stderr, "usage: %s DONE TOTAL SECONDS\n", argv[0]);
        return 2;
    }
    p.done = strtoul(argv[1], NULL, 10);
    p.total = strtoul(argv[2], NULL, 10);
    p.elapsed = strtoul(argv[3], NULL, 10);
    if (p.done > p.total) {
        fprintf(stderr, "done exceeds total\n");
        return 2;
    }
    report(&p);
    return 0;
}
