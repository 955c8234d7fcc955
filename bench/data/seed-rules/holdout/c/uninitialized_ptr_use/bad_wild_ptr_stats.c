#include <stdio.h>

struct stats {
    long count;
    double total;
};

int main(void)
{
    struct stats *s;
    double x;

    s->count = 0; /* FLAW: uninitialized_ptr_use */
    s->total = 0.0;
    while (scanf("%lf", &x) == 1) {
        s->count++;
        s->total += x;
    }
    if (s->count > 0)
        printf("mean %f\n", s->total / (double)s->count);
    return 0;
}
