/*
 * file_concat - concatenate all files named on the command line
 * into one heap buffer and write it to stdout with a trailing length.
 * Sizes are added with an explicit overflow check.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
    char *data;
    size_t len;
};

static int append_bytes(struct buf *b, const char *src, size_t n)
{
    char *p;

    if (n > SIZE_MAX - b->len)
        return -1;
    p = realloc(b->data, b->len + n);
    if (!p)
        return -1;
    b->data = p;
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return 0;
}

static int append_file(struct buf *b, const char *path)
{
    char chunk[8192];
    size_t n;
    int rc = 0;
    FILE *fp = fopen(path, "rb");

    if (!fp)
        return -1;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) {
        if (append_bytes(b, chunk, n) != 0) {
            rc = -1;
            break;
        }
    }
    if (ferror(fp))
        rc = -1;
    fclose(fp);
    return rc;
}

int main(int argc, char **argv)
{
    struct buf b = { NULL, 0 };
    int i;

    for (i = 1; i < argc; i++) {
        if (append_file(&b, argv[i]) != 0) {
            fprintf(stderr, "%s: read failed\n", argv[i]);
            free(b.data);
            return 1;
        }
    }
    if (b.len > 0)
        fwrite(b.data, 1, b.len, stdout);
    fprintf(stderr, "%zu bytes\n", b.len);
    free(b.data);
    return 0;
}
