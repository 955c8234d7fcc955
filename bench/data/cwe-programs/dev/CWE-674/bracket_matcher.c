/*
 * bracket_matcher.c - checks that (), [] and {} are balanced in the
 * text read from stdin, as a pre-commit hook for config templates.
 * Other characters are ignored. Reports the offset of the first error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *text;
    size_t pos;
    size_t len;
} scanner;

static char closer_for(char c)
{
    switch (c) {
    case '(': return ')';
    case '[': return ']';
    case '{': return '}';
    default:  return 0;
    }
}

/* Consume a sequence of balanced groups; stops at a closer or end. */
static int match_seq(scanner *s)
{
    while (s->pos < s->len) {
        char c = s->text[s->pos];
        char want = closer_for(c);

        if (c == ')' || c == ']' || c == '}')
            return 0;
        s->pos++;
        if (!want)
            continue;
        if (match_seq(s) != 0) /* FLAW: CWE-674 */
            return -1;
        if (s->pos >= s->len || s->text[s->pos] != want)
            return -1;
        s->pos++;
    }
    return 0;
}

static char *read_all(FILE *in, size_t *len)
{
    size_t cap = 4096, n = 0, r;
    char *buf = malloc(cap), *tmp;

    while (buf && (r = fread(buf + n, 1, cap - n, in)) > 0) {
        n += r;
        if (n == cap) {
            tmp = realloc(buf, cap *= 2);
            if (!tmp) { free(buf); return NULL; }
            buf = tmp;
        }
    }
    *len = n;
    return buf;
}

int main(void)
{
    scanner s = {0};
    char *text = read_all(stdin, &s.len);

    if (text == NULL) {
        fprintf(stderr, "out of memory\n");
        return 2;
    }
    s.text = text;
    if (match_seq(&s) != 0 || s.pos != s.len) {
        printf("unbalanced at offset %zu\n", s.pos);
        free(text);
        return 1;
    }
    puts("balanced");
    free(text);
    return 0;
}
