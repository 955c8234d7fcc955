/*
 * blob.c - reference-counted byte buffers shared between a reader and
 * several consumers.  Reads stdin in chunks and hands each chunk to two
 * consumers that each hold a reference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct blob {
    unsigned refs;
    size_t len;
    unsigned char data[];
};

static struct blob *blob_new(const void *src, size_t len)
{
    struct blob *b = malloc(sizeof *b + len);
    if (!b)
        return NULL;
    b->refs = 1;
    b->len = len;
    memcpy(b->data, src, len);
    return b;
}

static struct blob *blob_ref(struct blob *b)
{
    b->refs++;
    return b;
}

static void blob_unref(struct blob *b)
{
    if (b && --b->refs == 0)
        free(b);
}

static unsigned long checksum(const struct blob *b)
{
    unsigned long sum = 0;
    for (size_t i = 0; i < b->len; i++)
        sum = sum * 31 + b->data[i];
    return sum;
}

/* Each consumer takes over one reference and drops it when done. */
static void consume_count(struct blob *b, size_t *total)
{
    *total += b->len;
    blob_unref(b);
}

static void consume_sum(struct blob *b, unsigned long *acc)
{
    *acc ^= checksum(b);
    blob_unref(b);
}

int main(void)
{
    unsigned char chunk[512];
    ssize_t got;
    size_t total = 0;
    unsigned long acc = 0;

    while ((got = read(STDIN_FILENO, chunk, sizeof chunk)) > 0) {
        struct blob *b = blob_new(chunk, (size_t)got);
        if (!b)
            return 1;
        consume_count(blob_ref(b), &total);
        consume_sum(b, &acc);
        printf("chunk of %zu bytes\n", b->len); /* FLAW: CWE-416 */
    }
    printf("%zu bytes, checksum %lx\n", total, acc);
    return 0;
}
