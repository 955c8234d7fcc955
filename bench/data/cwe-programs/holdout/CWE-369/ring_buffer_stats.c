/* ring_buffer_stats: keep the last N latency samples (N from the command
 * line, 1..4096) in a ring buffer while reading samples from stdin, and
 * print the moving average every 100 samples and at the end. */
#include <stdio.h>
#include <stdlib.h>

#define MAX_WINDOW 4096

struct ring {
    double *v;
    size_t cap;     /* always >= 1 */
    size_t head;
    size_t len;
    double sum;
};

static int ring_init(struct ring *r, size_t cap)
{
    if (cap == 0 || cap > MAX_WINDOW)
        return -1;
    r->v = calloc(cap, sizeof *r->v);
    if (!r->v)
        return -1;
    r->cap = cap;
    r->head = r->len = 0;
    r->sum = 0.0;
    return 0;
}

static void ring_add(struct ring *r, double x)
{
    if (r->len == r->cap)
        r->sum -= r->v[r->head];
    else
        r->len++;
    r->v[r->head] = x;
    r->sum += x;
    r->head = (r->head + 1) % r->cap;
}

static double ring_mean(const struct ring *r)
{
    return r->len ? r->sum / (double)r->len : 0.0;
}

int main(int argc, char **argv)
{
    struct ring r;
    unsigned long n = 0;
    double x;
    long window = argc > 1 ? strtol(argv[1], NULL, 10) : 64;

    if (window < 1 || ring_init(&r, (size_t)window) != 0) {
        fprintf(stderr, "window must be 1..%d\n", MAX_WINDOW);
        return 2;
    }
    while (scanf("%lf", &x) == 1) {
        ring_add(&r, x);
        if (++n % 100 == 0)
            printf("after %lu samples: mean %.3f\n", n, ring_mean(&r));
    }
    printf("final: %lu samples, mean of last %zu = %.3f\n", n, r.len, ring_mean(&r));
    free(r.v);
    return 0;
}
