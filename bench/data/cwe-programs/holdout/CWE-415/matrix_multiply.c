/*
 * matrix_multiply - read two matrices from a text file and print their
 * product. File format: "R C" followed by R*C numbers, twice.
 */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int rows, cols;
    double **cell;
} matrix;

static void matrix_destroy(matrix *m)
{
    if (m->cell) {
        for (int i = 0; i < m->rows; i++)
            free(m->cell[i]);
        free(m->cell);
    }
    m->cell = NULL;
    m->rows = m->cols = 0;
}

static int matrix_create(matrix *m, int rows, int cols)
{
    m->rows = rows;
    m->cols = cols;
    m->cell = calloc((size_t)rows, sizeof *m->cell);
    if (!m->cell)
        return -1;
    for (int i = 0; i < rows; i++) {
        m->cell[i] = calloc((size_t)cols, sizeof **m->cell);
        if (!m->cell[i]) {
            matrix_destroy(m);   /* rows not yet allocated are NULL */
            return -1;
        }
    }
    return 0;
}

static int matrix_read(FILE *fp, matrix *m)
{
    int r, c;

    m->cell = NULL;
    if (fscanf(fp, "%d %d", &r, &c) != 2 || r < 1 || c < 1 || r > 500 || c > 500)
        return -1;
    if (matrix_create(m, r, c) != 0)
        return -1;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++)
            if (fscanf(fp, "%lf", &m->cell[i][j]) != 1) {
                matrix_destroy(m);
                return -1;
            }
    return 0;
}

int main(int argc, char **argv)
{
    matrix a = {0}, b = {0}, p = {0};
    FILE *fp;
    int rc = 1;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 1;
    }
    if (!(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    if (matrix_read(fp, &a) != 0 || matrix_read(fp, &b) != 0) {
        fprintf(stderr, "malformed matrix\n");
        goto done;
    }
    if (a.cols != b.rows) {
        fprintf(stderr, "dimension mismatch\n");
        goto done;
    }
    if (matrix_create(&p, a.rows, b.cols) != 0)
        goto done;
    for (int i = 0; i < a.rows; i++)
        for (int j = 0; j < b.cols; j++) {
            for (int k = 0; k < a.cols; k++)
                p.cell[i][j] += a.cell[i][k] * b.cell[k][j];
            printf("%10.3f%c", p.cell[i][j], j + 1 == b.cols ? '\n' : ' ');
        }
    rc = 0;
done:
    matrix_destroy(&a);
    matrix_destroy(&b);
    matrix_destroy(&p);
    fclose(fp);
    return rc;
}
