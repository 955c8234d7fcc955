/*
 * ring_buffer.c - keeps a sliding window of the last N samples read
 * from stdin and prints the moving average after every sample.
 *
 * usage: ring_buffer [WINDOW]   (1..1000, default 10)
 */
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>

#define MAX_WINDOW 1000

typedef struct {
    double *slots;
    size_t cap, head, count;
    double sum;
} ring;

static int ring_init(ring *r, size_t cap)
{
    r->slots = calloc(cap, sizeof *r->slots);
    r->cap = cap;
    r->head = r->count = 0;
    r->sum = 0.0;
    return r->slots ? 0 : -1;
}

static void ring_push(ring *r, double v)
{
    if (r->count == r->cap) {
        r->sum -= r->slots[r->head];
    } else {
        r->count++;
    }
    r->slots[r->head] = v;
    r->sum += v;
    r->head = (r->head + 1) % r->cap;

    /* Internal invariants maintained by the code above. */
    assert(r->count >= 1 && r->count <= r->cap);
    assert(r->head < r->cap);
}

static double ring_mean(const ring *r)
{
    assert(r->count > 0);
    return r->sum / (double)r->count;
}

int main(int argc, char **argv)
{
    long window = 10;
    double v;
    ring r;

    if (argc > 1) {
        char *end;
        window = strtol(argv[1], &end, 10);
        if (*end != '\0' || window < 1 || window > MAX_WINDOW) {
            fprintf(stderr, "WINDOW must be 1..%d\n", MAX_WINDOW);
            return 2;
        }
    }
    if (ring_init(&r, (size_t)window) != 0) {
        perror("calloc");
        return 1;
    }
    while (scanf("%lf", &v) == 1) {
        ring_push(&r, v);
        printf("%g\t%g\n", v, ring_mean(&r));
    }
    free(r.slots);
    return 0;
}
