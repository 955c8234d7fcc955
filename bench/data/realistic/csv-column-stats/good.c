/* colstats: reads CSV rows of numbers from stdin and prints per-column means. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COLS 16
#define LINE_MAX_LEN 1024

struct stats {
    double sum[MAX_COLS];
    unsigned long rows;
    int ncols;
};

static int split_row(char *line, double *vals)
{
    int n = 0;
    char *save = NULL;

    for (char *tok = strtok_r(line, ",\n", &save); tok != NULL;
         tok = strtok_r(NULL, ",\n", &save)) {
        if (n >= MAX_COLS) /* too many columns: ignore the rest */
            break;
        vals[n++] = strtod(tok, NULL);
    }
    return n;
}

static void add_row(struct stats *st, const double *vals, int n)
{
    if (n > st->ncols)
        st->ncols = n;
    for (int i = 0; i < n; i++)
        st->sum[i] += vals[i];
    st->rows++;
}

int main(void)
{
    char line[LINE_MAX_LEN];
    double vals[MAX_COLS];
    struct stats st;

    memset(&st, 0, sizeof st);
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        int n = split_row(line, vals);
        if (n > 0)
            add_row(&st, vals, n);
    }
    if (st.rows == 0) {
        fprintf(stderr, "no data\n");
        return 1;
    }
    for (int i = 0; i < st.ncols; i++)
        printf("col %d: %.3f\n", i + 1, st.sum[i] / (double)st.rows);
    return 0;
}
