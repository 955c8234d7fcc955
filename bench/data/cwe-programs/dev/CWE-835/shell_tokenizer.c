/*
 * shell_tokenizer.c - splits command lines (one per line on stdin)
 * into words the way a simple shell would: whitespace separates words,
 * single and double quotes group, backslash escapes one character.
 * Each word is printed in brackets; errors are reported per line.
 */
#include <stdio.h>
#include <string.h>

#define MAX_WORD 256

static int tokenize(const char *p)
{
    char word[MAX_WORD];
    int n = 0, have = 0;

    for (;;) {
        char c = *p;

        if (c == '\0' || c == '\n' || c == ' ' || c == '\t') {
            if (have) {
                word[n] = '\0';
                printf("[%s] ", word);
                n = have = 0;
            }
            if (c == '\0' || c == '\n')
                break;
            p++;
            continue;
        }
        have = 1;
        if (c == '\'' || c == '"') {
            const char *close = strchr(p + 1, c);
            if (close == NULL)
                return -1;                  /* unterminated quote */
            for (p++; p < close; p++)
                if (n < MAX_WORD - 1)
                    word[n++] = *p;
            p = close + 1;                  /* always moves past the quote */
        } else if (c == '\\' && p[1] != '\0' && p[1] != '\n') {
            if (n < MAX_WORD - 1)
                word[n++] = p[1];
            p += 2;
        } else {
            if (n < MAX_WORD - 1)
                word[n++] = c;
            p++;
        }
    }
    putchar('\n');
    return 0;
}

int main(void)
{
    char line[1024];
    int lineno = 0;

    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        if (tokenize(line) != 0)
            printf("line %d: unterminated quote\n", lineno);
    }
    return 0;
}
