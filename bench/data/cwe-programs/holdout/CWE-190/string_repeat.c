/*
 * string_repeat - print a string repeated N times, separated by an
 * optional separator:
 *
 *   string_repeat "ab" 3 ","   ->  ab,ab,ab
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *repeat(const char *s, const char *sep, unsigned int count)
{
    size_t slen = strlen(s), seplen = strlen(sep);
    unsigned int unit = (unsigned int)(slen + seplen);
    unsigned int total = unit * count + 1; /* FLAW: CWE-190 */
    char *out, *p;

    out = malloc(total);
    if (!out)
        return NULL;
    p = out;
    for (unsigned int i = 0; i < count; i++) {
        if (i > 0) {
            memcpy(p, sep, seplen);
            p += seplen;
        }
        memcpy(p, s, slen);
        p += slen;
    }
    *p = '\0';
    return out;
}

int main(int argc, char **argv)
{
    unsigned long n;
    char *end, *res;

    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s STRING COUNT [SEP]\n", argv[0]);
        return 2;
    }
    n = strtoul(argv[2], &end, 10);
    if (*end != '\0' || n == 0 || n > 0xffffffffUL) {
        fprintf(stderr, "invalid count\n");
        return 2;
    }
    res = repeat(argv[1], argc == 4 ? argv[3] : "", (unsigned int)n);
    if (!res) {
        perror("malloc");
        return 1;
    }
    puts(res);
    free(res);
    return 0;
}
