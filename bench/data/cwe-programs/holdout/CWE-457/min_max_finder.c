/*
 * min_max_finder - print minimum, maximum and mean of the numbers in
 * each column of a whitespace separated table read from stdin.
 */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 16

struct col_stats {
    double min, max, sum;
    unsigned long n;
};

static void stats_init(struct col_stats *s, int ncols)
{
    for (int i = 0; i < ncols; i++) {
        s[i].min = DBL_MAX;
        s[i].max = -DBL_MAX;
        s[i].sum = 0.0;
        s[i].n = 0;
    }
}

static void stats_add(struct col_stats *s, double v)
{
    if (v < s->min)
        s->min = v;
    if (v > s->max)
        s->max = v;
    s->sum += v;
    s->n++;
}

int main(void)
{
    struct col_stats st[MAX_COLS];
    char line[1024];
    int used = 0;

    stats_init(st, MAX_COLS);
    while (fgets(line, sizeof line, stdin)) {
        int col = 0;
        char *save = NULL;

        for (char *t = strtok_r(line, " \t\n", &save); t && col < MAX_COLS;
             t = strtok_r(NULL, " \t\n", &save), col++) {
            char *end;
            double v = strtod(t, &end);
            if (end != t && *end == '\0')
                stats_add(&st[col], v);
        }
        if (col > used)
            used = col;
    }
    for (int i = 0; i < used; i++) {
        if (st[i].n == 0) {
            printf("col %d: no numbers\n", i + 1);
            continue;
        }
        printf("col %d: min %g max %g mean %g\n", i + 1, st[i].min, st[i].max,
               st[i].sum / (double)st[i].n);
    }
    return 0;
}
