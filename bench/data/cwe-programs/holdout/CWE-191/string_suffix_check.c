/*
 * string_suffix_check - filter file names from stdin, keeping those that
 * end with one of the extensions given on the command line.
 *
 *   ls | string_suffix_check .c .h
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s);
    size_t m = strlen(suffix);

    if (m > n)
        return 0;
    return strcasecmp(s + (n - m), suffix) == 0;
}

static int matches_any(const char *name, char **exts, int next)
{
    for (int i = 0; i < next; i++)
        if (ends_with(name, exts[i]))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    char line[4096];
    unsigned long kept = 0, seen = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s EXT...\n", argv[0]);
        return 2;
    }
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strlen(line);

        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        if (len == 0)
            continue;
        seen++;
        if (matches_any(line, argv + 1, argc - 1)) {
            puts(line);
            kept++;
        }
    }
    fprintf(stderr, "%lu of %lu names matched\n", kept, seen);
    return 0;
}
