/*
 * line_buffer.c - reverses the order of lines read from stdin
 * (like tac), keeping all lines in one growing buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char   *data;
    size_t  len;
    size_t  cap;
    size_t *starts;
    size_t  nlines, lcap;
} text_buf;

static int tb_append(text_buf *tb, const char *s, size_t n)
{
    if (tb->len + n + 1 > tb->cap) {
        size_t ncap = tb->cap ? tb->cap : 4096;
        while (ncap < tb->len + n + 1)
            ncap *= 2;
        tb->data = realloc(tb->data, ncap); /* FLAW: CWE-252 */
        tb->cap = ncap;
    }
    if (tb->nlines == tb->lcap) {
        size_t nl = tb->lcap ? tb->lcap * 2 : 256;
        size_t *p = realloc(tb->starts, nl * sizeof *p);
        if (p == NULL)
            return -1;
        tb->starts = p;
        tb->lcap = nl;
    }
    tb->starts[tb->nlines++] = tb->len;
    memcpy(tb->data + tb->len, s, n);
    tb->len += n;
    tb->data[tb->len++] = '\0';
    return 0;
}

int main(void)
{
    text_buf tb = {0};
    char *line = NULL;
    size_t lcap = 0;
    ssize_t n;

    while ((n = getline(&line, &lcap, stdin)) > 0) {
        if (line[n - 1] == '\n')
            line[--n] = '\0';
        if (tb_append(&tb, line, (size_t)n) != 0) {
            fprintf(stderr, "out of memory\n");
            return 1;
        }
    }
    free(line);

    for (size_t i = tb.nlines; i-- > 0;)
        puts(tb.data + tb.starts[i]);

    free(tb.data);
    free(tb.starts);
    return 0;
}
