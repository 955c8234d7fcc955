/* repeat: prints WORD repeated COUNT times on one line, separated by SEP.
 * Usage: repeat COUNT WORD [SEP] */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *build_line(int count, const char *word, const char *sep)
{
    size_t wlen = strlen(word);
    size_t slen = strlen(sep);
    size_t unit = wlen + slen;
    char *line;
    char *p;

    /* the line must fit in memory: count * unit + 1 bytes without wrapping */
    if (unit != 0 && (size_t)count > (SIZE_MAX - 1) / unit)
        return NULL;
    line = malloc((size_t)count * unit + 1);

    if (line == NULL)
        return NULL;
    p = line;
    for (int i = 0; i < count; i++) {
        memcpy(p, word, wlen);
        p += wlen;
        if (i + 1 < count) {
            memcpy(p, sep, slen);
            p += slen;
        }
    }
    *p = '\0';
    return line;
}

int main(int argc, char **argv)
{
    char *end;
    long count;
    char *line;

    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s COUNT WORD [SEP]\n", argv[0]);
        return 2;
    }
    count = strtol(argv[1], &end, 10);
    if (*end != '\0' || count < 1 || count > 1000000) {
        fprintf(stderr, "bad count: %s\n", argv[1]);
        return 2;
    }
    line = build_line((int)count, argv[2], argc == 4 ? argv[3] : " ");
    if (line == NULL) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    puts(line);
    free(line);
    return 0;
}
