/*
 * blob_loader.c - loads a whole file (or stdin) into memory and prints
 * its size and a simple Adler-32 checksum.
 *
 * usage: blob_loader [FILE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

struct blob {
    unsigned char *data;
    size_t size;
};

static int load(FILE *in, struct blob *b)
{
    size_t cap = 0;

    b->data = NULL;
    b->size = 0;
    for (;;) {
        if (b->size == cap) {
            size_t ncap = cap ? cap * 2 : 65536;
            unsigned char *p = realloc(b->data, ncap);
            if (p == NULL) {
                free(b->data);
                b->data = NULL;
                return -1;
            }
            b->data = p;
            cap = ncap;
        }
        size_t n = fread(b->data + b->size, 1, cap - b->size, in);
        b->size += n;
        if (n == 0) {
            if (ferror(in)) {
                free(b->data);
                b->data = NULL;
                return -1;
            }
            return 0;
        }
    }
}

static uint32_t adler32(const unsigned char *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

int main(int argc, char **argv)
{
    struct blob b;
    FILE *in = stdin;

    if (argc > 1 && (in = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    if (load(in, &b) != 0) {
        fprintf(stderr, "failed to read input\n");
        if (in != stdin)
            fclose(in);
        return 1;
    }
    if (in != stdin)
        fclose(in);
    printf("%zu bytes, adler32 %08x\n", b.size, (unsigned)adler32(b.data, b.size));
    free(b.data);
    return 0;
}
