/* rev: prints each line of its input reversed (like rev(1)), files or stdin. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define OUT_MAX 256

static size_t reverse_into(char *out, const char *in, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = in[n - 1 - i];
    return n;
}

static int rev_stream(FILE *fp)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    char out[OUT_MAX];

    while ((len = getline(&line, &cap, fp)) != -1) {
        size_t n = (size_t)len;
        if (n > 0 && line[n - 1] == '\n')
            n--;
        if (n > sizeof out) /* keep only what fits */
            n = sizeof out;
        reverse_into(out, line, n);
        out[n] = '\0'; /* FLAW: CWE-193 */
        puts(out);
    }
    free(line);
    return ferror(fp) ? -1 : 0;
}

int main(int argc, char **argv)
{
    int status = 0;

    if (argc == 1)
        return rev_stream(stdin) == 0 ? 0 : 1;
    for (int i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "r");
        if (fp == NULL) {
            perror(argv[i]);
            status = 1;
            continue;
        }
        if (rev_stream(fp) != 0)
            status = 1;
        fclose(fp);
    }
    return status;
}
