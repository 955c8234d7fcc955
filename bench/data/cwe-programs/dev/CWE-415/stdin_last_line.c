/*
 * stdin_last_line - read all of stdin into a growable byte buffer
 * and print the number of bytes and lines, then the last line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *data;
    size_t len;
    size_t cap;
} buffer;

static int buffer_reserve(buffer *b, size_t extra)
{
    size_t need = b->len + extra;
    size_t ncap;
    char *p;

    if (need <= b->cap)
        return 0;
    ncap = b->cap ? b->cap : 256;
    while (ncap < need)
        ncap *= 2;
    p = realloc(b->data, ncap);
    if (!p)
        return -1;          /* b->data is still valid and owned by b */
    b->data = p;
    b->cap = ncap;
    return 0;
}

static void buffer_dispose(buffer *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

int main(void)
{
    buffer b = { NULL, 0, 0 };
    char chunk[4096];
    size_t n, lines = 0, i, last_start = 0;

    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
        if (buffer_reserve(&b, n + 1) != 0) {
            fprintf(stderr, "out of memory after %zu bytes\n", b.len);
            buffer_dispose(&b);
            return 1;
        }
        memcpy(b.data + b.len, chunk, n);
        b.len += n;
    }
    if (b.len == 0) {
        puts("0 bytes");
        buffer_dispose(&b);
        return 0;
    }
    b.data[b.len] = '\0';

    for (i = 0; i < b.len; i++) {
        if (b.data[i] == '\n') {
            lines++;
            if (i + 1 < b.len)
                last_start = i + 1;
        }
    }
    printf("%zu bytes, %zu lines\n", b.len, lines);
    printf("last line: %s", b.data + last_start);
    if (b.data[b.len - 1] != '\n')
        putchar('\n');
    buffer_dispose(&b);
    return 0;
}
