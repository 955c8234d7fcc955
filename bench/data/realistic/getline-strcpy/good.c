/* lastline: prints the longest line of a file, keeping a copy as it reads */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *longest = NULL;
    size_t best = 0;
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
        if (longest == NULL || (size_t)len > best) {
            char *copy = strdup(line);
            if (copy == NULL)
                break;
            free(longest);
            longest = copy;
            best = (size_t)len;
        }
    }
    free(line);
    fclose(f);
    if (longest != NULL) {
        fputs(longest, stdout);
        free(longest);
    }
    return 0;
}
