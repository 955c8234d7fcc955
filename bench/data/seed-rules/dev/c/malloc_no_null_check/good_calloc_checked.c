#include <stdio.h>
#include <stdlib.h>

#define BUCKETS 256

int main(void)
{
    unsigned long *hist = calloc(BUCKETS, sizeof(*hist));
    int c;

    if (!hist) {
        perror("calloc");
        return 1;
    }
    while ((c = getchar()) != EOF)
        hist[(unsigned char)c]++;
    for (int i = 0; i < BUCKETS; i++)
        if (hist[i] != 0)
            printf("%3d %lu\n", i, hist[i]);
    free(hist);
    return 0;
}
