/* ring_buffer_log: keep the last N log lines read from stdin and
 * print them when the input ends (like a tiny `tail`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RB_SLOTS 8
#define LINE_MAX_LEN 256

typedef struct {
    char slots[RB_SLOTS][LINE_MAX_LEN];
    size_t head;     /* next slot to write */
    size_t count;    /* number of valid slots */
} ring_buffer;

static void rb_init(ring_buffer *rb)
{
    memset(rb, 0, sizeof(*rb));
}

/* Store a copy of the line, overwriting the oldest entry when full. */
static void rb_push(ring_buffer *rb, const char *line, size_t len)
{
    memcpy(rb->slots[rb->head], line, len + 1); /* FLAW: CWE-787 */
    rb->head++;
    if (rb->head > RB_SLOTS)
        rb->head = 0;
    if (rb->count < RB_SLOTS)
        rb->count++;
}

static void rb_print(const ring_buffer *rb, FILE *out)
{
    size_t start = (rb->head + RB_SLOTS - rb->count) % RB_SLOTS;

    for (size_t i = 0; i < rb->count; i++)
        fputs(rb->slots[(start + i) % RB_SLOTS], out);
}

int main(int argc, char **argv)
{
    static ring_buffer rb;
    char line[LINE_MAX_LEN];
    const char *filter = argc > 1 ? argv[1] : NULL;

    rb_init(&rb);
    while (fgets(line, sizeof line, stdin)) {
        /* optional substring filter, e.g. "ERROR" */
        if (filter && !strstr(line, filter))
            continue;
        rb_push(&rb, line, strlen(line));
    }
    rb_print(&rb, stdout);
    return 0;
}
