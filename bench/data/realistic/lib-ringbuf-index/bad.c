/* fixed-size ring buffer of samples (library code, no main) */
#include <stddef.h>

#define RING_SIZE 64

struct ring {
    int samples[RING_SIZE];
    size_t head;
    size_t count;
};

void ring_init(struct ring *r)
{
    r->head = 0;
    r->count = 0;
}

void ring_push(struct ring *r, int v)
{
    r->samples[r->head] = v;
    r->head = (r->head + 1) % RING_SIZE;
    if (r->count < RING_SIZE)
        r->count++;
}

/* the i-th most recent sample, 0 being the newest */
int ring_recent(const struct ring *r, size_t i)
{
    size_t slot = (r->head + RING_SIZE - 1 - i) % RING_SIZE;
    return r->samples[slot];
}

int ring_sample_at(const struct ring *r, size_t slot)
{
    return r->samples[slot]; /* FLAW: CWE-129 */
}
