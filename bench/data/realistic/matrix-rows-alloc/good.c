/*
 * mtx - read an R x C matrix of doubles from stdin ("R C" then the values)
 * and print its row sums.  Rows are allocated one by one.
 */
#include <stdio.h>
#include <stdlib.h>

#define DIM_MAX 4096

static double **alloc_rows(size_t rows, size_t cols)
{
    double **m = calloc(rows, sizeof *m);
    size_t i;

    if (m == NULL)
        return NULL;
    for (i = 0; i < rows; i++) {
        m[i] = malloc(cols * sizeof **m);
        if (m[i] == NULL) {
            while (i > 0)
                free(m[--i]);
            free(m);
            return NULL;
        }
    }
    return m;
}

static void free_rows(double **m, size_t rows)
{
    for (size_t i = 0; i < rows; i++)
        free(m[i]);
    free(m);
}

int main(void)
{
    size_t rows, cols;
    double **m;

    if (scanf("%zu %zu", &rows, &cols) != 2 || rows == 0 || cols == 0 || rows > DIM_MAX || cols > DIM_MAX) {
        fprintf(stderr, "mtx: bad dimensions\n");
        return 1;
    }
    m = alloc_rows(rows, cols);
    if (m == NULL) {
        fprintf(stderr, "mtx: out of memory\n");
        return 1;
    }
    for (size_t r = 0; r < rows; r++)
        for (size_t c = 0; c < cols; c++)
            if (scanf("%lf", &m[r][c]) != 1)
                m[r][c] = 0.0;
    for (size_t r = 0; r < rows; r++) {
        double sum = 0;
        for (size_t c = 0; c < cols; c++)
            sum += m[r][c];
        printf("%zu: %g\n", r, sum);
    }
    free_rows(m, rows);
    return 0;
}
