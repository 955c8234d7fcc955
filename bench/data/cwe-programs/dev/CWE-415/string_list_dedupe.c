/* string_list_dedupe: like `sort | uniq`. Reads lines from stdin, sorts
 * them and prints each distinct line once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Remove adjacent duplicates from a sorted array, compacting it in place.
 * Returns the number of distinct strings left at the front. */
static size_t dedupe(char **v, size_t n)
{
    size_t out = 0;

    for (size_t i = 0; i < n; i++) {
        if (out > 0 && strcmp(v[out - 1], v[i]) == 0) {
            free(v[i]);
            continue;
        }
        v[out++] = v[i];
    }
    return out;
}

int main(void)
{
    char **lines = NULL;
    size_t n = 0, cap = 0, unique;
    char *line = NULL;
    size_t linecap = 0;

    while (getline(&line, &linecap, stdin) != -1) {
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            char **p = realloc(lines, ncap * sizeof *p);
            if (!p) {
                perror("realloc");
                break;
            }
            lines = p;
            cap = ncap;
        }
        lines[n] = strdup(line);
        if (!lines[n])
            break;
        n++;
    }
    free(line);

    qsort(lines, n, sizeof *lines, cmp_str);
    unique = dedupe(lines, n);
    for (size_t i = 0; i < unique; i++)
        fputs(lines[i], stdout);
    fprintf(stderr, "%zu lines, %zu distinct\n", n, unique);

    for (size_t i = 0; i < n; i++)
        free(lines[i]); /* FLAW: CWE-415 */
    free(lines);
    return 0;
}
