/* histogram: counts how many input numbers fall in each of 10 buckets of width 10 */
#include <stdio.h>

#define BUCKETS 10

int main(void)
{
    unsigned counts[BUCKETS];
    int v, i;

    for (i = 0; i < BUCKETS; i++)
        counts[i] = 0;
    while (scanf("%d", &v) == 1) {
        if (v < 0 || v >= BUCKETS * 10)
            continue;
        counts[v / 10]++;
    }
    for (i = 0; i < BUCKETS; i++)
        printf("%3d-%3d: %u\n", i * 10, i * 10 + 9, counts[i]);
    return 0;
}
