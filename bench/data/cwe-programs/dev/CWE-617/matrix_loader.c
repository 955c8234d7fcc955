/*
 * matrix_loader.c - reads a dense matrix in text form and prints its
 * row sums and the trace.
 *
 * File format: first line "ROWS COLS", then ROWS lines of COLS numbers.
 * usage: matrix_loader FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>

#define MAX_DIM 4096

typedef struct {
    int rows, cols;
    double *v;
} matrix;

#define AT(m, r, c) ((m)->v[(size_t)(r) * (size_t)(m)->cols + (size_t)(c)])

static int matrix_read(FILE *f, matrix *m)
{
    if (fscanf(f, "%d %d", &m->rows, &m->cols) != 2)
        return -1;
    assert(m->rows > 0 && m->rows <= MAX_DIM && m->cols > 0 && m->cols <= MAX_DIM); /* FLAW: CWE-617 */

    m->v = calloc((size_t)m->rows, (size_t)m->cols * sizeof(double));
    if (m->v == NULL)
        return -1;
    for (int r = 0; r < m->rows; r++)
        for (int c = 0; c < m->cols; c++)
            if (fscanf(f, "%lf", &AT(m, r, c)) != 1) {
                free(m->v);
                return -1;
            }
    return 0;
}

int main(int argc, char **argv)
{
    matrix m;
    double trace = 0;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    if (matrix_read(f, &m) != 0) {
        fprintf(stderr, "%s: malformed matrix\n", argv[1]);
        fclose(f);
        return 1;
    }
    fclose(f);

    for (int r = 0; r < m.rows; r++) {
        double sum = 0;
        for (int c = 0; c < m.cols; c++)
            sum += AT(&m, r, c);
        printf("row %d: %g\n", r, sum);
        if (r < m.cols)
            trace += AT(&m, r, r);
    }
    printf("trace: %g\n", trace);
    free(m.v);
    return 0;
}
