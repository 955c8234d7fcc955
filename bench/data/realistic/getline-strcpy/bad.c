/* lastline: prints the longest line of a file, keeping a copy as it reads */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char longest[256] = "";
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    FILE *f;

    if (argc != 2)
        return 2;
    f = fopen(argv[1], "r");
    if (f == NULL)
        return 1;
    while ((len = getline(&line, &cap, f)) != -1) {
        if ((size_t)len > strlen(longest))
            strcpy(longest, line); /* FLAW: CWE-120 */
    }
    free(line);
    fclose(f);
    fputs(longest, stdout);
    return 0;
}
