#include <stdio.h>

struct stats {
    long count;
    double total;
};

int main(void)
{
    struct stats storage = { 0, 0.0 };
    struct stats *s = &storage;
    double x;

    while (scanf("%lf", &x) == 1) {
        s->count++;
        s->total += x;
    }
    if (s->count > 0)
        printf("mean %f\n", s->total / (double)s->count);
    return 0;
}
