/*
 * percent_calc - disk usage style report: reads "name used total" lines
 * (in kilobytes) from stdin and prints the percentage used per line.
 */
#include <stdio.h>

struct volume {
    char name[64];
    unsigned long long used_kb;
    unsigned long long total_kb;
};

/* Percentage rounded to the nearest integer; -1 when the total is 0. */
static int percent_used(const struct volume *v)
{
    if (v->total_kb == 0)
        return -1;
    return (int)((v->used_kb * 100 + v->total_kb / 2) / v->total_kb);
}

int main(void)
{
    struct volume v;
    char line[256];

    printf("%-20s %12s %12s %5s\n", "volume", "used", "total", "use%");
    while (fgets(line, sizeof line, stdin)) {
        int pct;

        if (sscanf(line, "%63s %llu %llu", v.name, &v.used_kb, &v.total_kb) != 3)
            continue;
        if (v.used_kb > v.total_kb || v.total_kb > (1ULL << 50)) {
            fprintf(stderr, "%s: inconsistent sizes\n", v.name);
            continue;
        }
        pct = percent_used(&v);
        if (pct < 0)
            printf("%-20s %12llu %12llu %5s\n", v.name, v.used_kb, v.total_kb, "-");
        else
            printf("%-20s %12llu %12llu %4d%%\n", v.name, v.used_kb, v.total_kb, pct);
    }
    return 0;
}
