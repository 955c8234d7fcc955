/* column_formatter: re-flow the words on stdin into lines of at most
 * WIDTH characters, WIDTH being the first argument. The current output
 * line is assembled in a stack buffer of that width. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void flush_line(char *line, size_t *len)
{
    if (*len == 0)
        return;
    line[*len] = '\0';
    puts(line);
    *len = 0;
}

static void reflow(FILE *in, size_t width)
{
    char line[width + 1]; /* FLAW: CWE-770 */
    char word[256];
    size_t len = 0;

    while (fscanf(in, "%255s", word) == 1) {
        size_t wl = strlen(word);

        if (wl > width) {
            flush_line(line, &len);
            puts(word);
            continue;
        }
        if (len > 0 && len + 1 + wl > width)
            flush_line(line, &len);
        if (len > 0)
            line[len++] = ' ';
        memcpy(line + len, word, wl);
        len += wl;
    }
    flush_line(line, &len);
}

int main(int argc, char **argv)
{
    char *end;
    unsigned long width;

    if (argc != 2) {
        fprintf(stderr, "usage: %s WIDTH < text\n", argv[0]);
        return 2;
    }
    width = strtoul(argv[1], &end, 10);
    if (*end != '\0' || width == 0) {
        fprintf(stderr, "invalid width '%s'\n", argv[1]);
        return 2;
    }
    reflow(stdin, width);
    return 0;
}
