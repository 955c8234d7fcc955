/* matrix: reads an N x N matrix from stdin and prints its transpose */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int n, i, j;
    double *m;

    if (scanf("%d", &n) != 1 || n <= 0 || n > 1000)
        return 1;
    m = malloc((size_t)n * (size_t)n * sizeof *m);
    if (m == NULL)
        return 1;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (scanf("%lf", &m[i * n + j]) != 1) {
                free(m);
                return 1;
            }
    for (j = 0; j < n; j++) {
        for (i = 0; i < n; i++)
            printf("%g ", m[i * n + j]);
        putchar('\n');
    }
    free(m);
    return 0;
}
