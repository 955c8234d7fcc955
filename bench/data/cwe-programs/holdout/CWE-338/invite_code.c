/*
 * invite_code.c - generates invitation codes for the private beta.
 *
 * usage: invite_code [COUNT]
 * Codes are 16 characters from a 32-symbol alphabet (80 bits), grouped
 * as XXXX-XXXX-XXXX-XXXX, read from /dev/urandom.
 */
#include <stdio.h>
#include <stdlib.h>

#define CODE_CHARS 16
#define MAX_COUNT 500

static const char ALPHABET[32] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

static int read_random(FILE *rng, unsigned char *buf, size_t n)
{
    return fread(buf, 1, n, rng) == n ? 0 : -1;
}

static int make_code(FILE *rng, char out[CODE_CHARS + 4])
{
    unsigned char raw[CODE_CHARS];
    int o = 0;

    if (read_random(rng, raw, sizeof raw) != 0)
        return -1;
    for (int i = 0; i < CODE_CHARS; i++) {
        if (i > 0 && i % 4 == 0)
            out[o++] = '-';
        out[o++] = ALPHABET[raw[i] & 31];   /* 256 is a multiple of 32: no bias */
    }
    out[o] = '\0';
    return 0;
}

int main(int argc, char **argv)
{
    char code[CODE_CHARS + 4];
    long count = argc > 1 ? strtol(argv[1], NULL, 10) : 1;
    FILE *rng;

    if (count < 1 || count > MAX_COUNT) {
        fprintf(stderr, "COUNT must be between 1 and %d\n", MAX_COUNT);
        return 2;
    }
    rng = fopen("/dev/urandom", "rb");
    if (rng == NULL) {
        perror("/dev/urandom");
        return 1;
    }
    setvbuf(rng, NULL, _IONBF, 0);
    for (long i = 0; i < count; i++) {
        if (make_code(rng, code) != 0) {
            fprintf(stderr, "random source failed\n");
            fclose(rng);
            return 1;
        }
        puts(code);
    }
    fclose(rng);
    return 0;
}
