#include <stdio.h>
#include <stdlib.h>

#define BUCKETS 256

int main(void)
{
    unsigned long *hist = calloc(BUCKETS, sizeof(*hist));
    int c;

    while ((c = getchar()) != EOF)
        hist[(unsigned char)c]++; /* FLAW: malloc_no_null_check */
    for (int i = 0; i < BUCKETS; i++)
        if (hist[i] != 0)
            printf("%3d %lu\n", i, hist[i]);
    free(hist);
    return 0;
}
