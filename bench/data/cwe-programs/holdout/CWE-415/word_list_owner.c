/* word_list_owner: split each input line into words, move the words that
 * start with a capital letter into a second list ("names"), then print
 * both lists. Each string is owned by exactly one list at any time. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct word_list {
    char **words;
    size_t n, cap;
};

static int list_append(struct word_list *l, char *w)
{
    if (l->n == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 16;
        char **p = realloc(l->words, ncap * sizeof *p);
        if (!p)
            return -1;
        l->words = p;
        l->cap = ncap;
    }
    l->words[l->n++] = w;
    return 0;
}

/* Move entries matching the predicate from src to dst (ownership moves).
 * A word that cannot be appended to dst simply stays in src. */
static void move_capitalised(struct word_list *src, struct word_list *dst)
{
    size_t keep = 0;

    for (size_t i = 0; i < src->n; i++) {
        char *w = src->words[i];
        if (isupper((unsigned char)w[0]) && list_append(dst, w) == 0)
            continue;
        src->words[keep++] = w;
    }
    src->n = keep;
}

static void list_destroy(struct word_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->words[i]);
    free(l->words);
    l->words = NULL;
    l->n = l->cap = 0;
}

int main(void)
{
    struct word_list words = {0}, names = {0};
    char line[1024];
    int rc = 0;

    while (fgets(line, sizeof line, stdin)) {
        for (char *t = strtok(line, " \t\r\n.,;:!?"); t; t = strtok(NULL, " \t\r\n.,;:!?")) {
            char *w = strdup(t);
            if (!w || list_append(&words, w) != 0) {
                free(w);
                rc = 1;
                goto out;
            }
        }
    }
    move_capitalised(&words, &names);
    printf("%zu words, %zu names\n", words.n, names.n);
    for (size_t i = 0; i < names.n; i++)
        printf("name: %s\n", names.words[i]);
out:
    list_destroy(&words);
    list_destroy(&names);
    return rc;
}
