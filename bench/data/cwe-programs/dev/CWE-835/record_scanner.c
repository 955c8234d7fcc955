/*
 * record_scanner.c - counts words, numbers and quoted strings in the
 * script files of the build tool, to feed the complexity dashboard.
 *
 * usage: record_scanner FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

typedef struct {
    unsigned long words, numbers, strings, lines;
} token_stats;

static void scan(const char *p, token_stats *st)
{
    while (*p != '\0') { /* FLAW: CWE-835 */
        if (*p == '\n') {
            st->lines++;
            p++;
        } else if (isspace((unsigned char)*p)) {
            p++;
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            st->words++;
        } else if (isdigit((unsigned char)*p)) {
            while (isdigit((unsigned char)*p) || *p == '.')
                p++;
            st->numbers++;
        } else if (*p == '"') {
            for (p++; *p && *p != '"'; p++)
                if (*p == '\\' && p[1])
                    p++;
            if (*p == '"')
                p++;
            st->strings++;
        } else if (strchr("+-*/%=<>!&|^~?:;,.()[]{}", *p) != NULL) {
            p++;                        /* operators and punctuation */
        }
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    long len;
    char *buf;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)len + 1);
    if (buf) {
        size_t n = fread(buf, 1, (size_t)len, f);
        buf[n] = '\0';
    }
    fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    token_stats st = {0, 0, 0, 0};
    char *text;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    if ((text = slurp(argv[1])) == NULL) {
        perror(argv[1]);
        return 1;
    }
    scan(text, &st);
    printf("%s: %lu lines, %lu words, %lu numbers, %lu strings\n",
           argv[1], st.lines, st.words, st.numbers, st.strings);
    free(text);
    return 0;
}
