/*
 * random_table_sums - generate a table of N rows by M columns of
 * random integers and print column sums. N and M come from the command
 * line; the element count is computed with an overflow check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int *alloc_table(size_t rows, size_t cols)
{
    size_t cells;

    if (__builtin_mul_overflow(rows, cols, &cells))
        return NULL;
    if (cells > SIZE_MAX / sizeof(int))
        return NULL;
    return malloc(cells * sizeof(int));
}

static int parse_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);

    if (*end != '\0' || v == 0 || v > 100000)
        return -1;
    *out = (size_t)v;
    return 0;
}

int main(int argc, char **argv)
{
    size_t rows, cols, r, c;
    int *t;

    if (argc != 3 || parse_size(argv[1], &rows) || parse_size(argv[2], &cols)) {
        fprintf(stderr, "usage: %s ROWS COLS (1..100000)\n", argv[0]);
        return 2;
    }
    t = alloc_table(rows, cols);
    if (!t) {
        fprintf(stderr, "table of %zu x %zu is too large\n", rows, cols);
        return 1;
    }
    srand((unsigned)time(NULL));
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            t[r * cols + c] = rand() % 100;

    for (c = 0; c < cols && c < 10; c++) {
        long long sum = 0;
        for (r = 0; r < rows; r++)
            sum += t[r * cols + c];
        printf("col %zu: %lld\n", c, sum);
    }
    free(t);
    return 0;
}
