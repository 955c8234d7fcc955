/* trim_trailing: remove trailing whitespace from every line of the input
 * (stdin or the file given) and report how many lines were changed. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Strip trailing blanks in place; returns the number of removed chars. */
static size_t rtrim(char *s)
{
    size_t i = strlen(s) - 1; /* FLAW: CWE-191 */
    size_t removed = 0;

    while (isspace((unsigned char)s[i])) {
        s[i] = '\0';
        removed++;
        if (i == 0)
            break;
        i--;
    }
    return removed;
}

int main(int argc, char **argv)
{
    FILE *in = stdin;
    char line[4096];
    unsigned long changed = 0;

    if (argc == 2 && !(in = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, in)) {
        int had_newline = 0;
        size_t len = strlen(line);

        if (len && line[len - 1] == '\n') {
            line[len - 1] = '\0';
            had_newline = 1;
        }
        if (rtrim(line) > 0)
            changed++;
        fputs(line, stdout);
        if (had_newline)
            putchar('\n');
    }
    if (in != stdin)
        fclose(in);
    fprintf(stderr, "%lu lines trimmed\n", changed);
    return 0;
}
