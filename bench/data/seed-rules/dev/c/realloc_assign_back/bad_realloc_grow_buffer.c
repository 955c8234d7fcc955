#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct byte_buf {
    unsigned char *data;
    size_t len;
    size_t cap;
};

int buf_append(struct byte_buf *b, const void *src, size_t n)
{
    if (n > SIZE_MAX / 2 - b->len)
        return -1;
    if (b->len + n > b->cap) {
        size_t new_cap = b->cap ? b->cap : 64;
        while (new_cap < b->len + n)
            new_cap *= 2;
        b->data = realloc(b->data, new_cap); /* FLAW: realloc_assign_back */
        if (b->data == NULL)
            return -1;
        b->cap = new_cap;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return 0;
}
