/* wordsort - read whitespace-separated words from stdin, print them sorted and unique */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char * const *)a, *(char * const *)b);
}

static void free_words(char **w, size_t n)
{
    while (n > 0)
        free(w[--n]);
    free(w);
}

int main(void)
{
    char **words = NULL;
    size_t n = 0, cap = 0;
    char buf[128];

    while (scanf("%127s", buf) == 1) {
        char *copy;
        if (n == cap) {
            cap = cap ? cap * 2 : 8;
            words = realloc(words, cap * sizeof *words);
        }
        copy = strdup(buf);
        if (copy == NULL) {
            free_words(words, n);
            return 1;
        }
        words[n++] = copy; /* FLAW: CWE-476 */
    }

    qsort(words, n, sizeof *words, cmp);
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && strcmp(words[i], words[i - 1]) == 0)
            continue;
        puts(words[i]);
    }
    free_words(words, n);
    return 0;
}
