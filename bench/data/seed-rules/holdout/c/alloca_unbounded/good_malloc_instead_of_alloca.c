#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *upper;
    size_t len;

    if (argc < 2)
        return 1;
    len = strlen(argv[1]);
    upper = malloc(len + 1); /* heap, not stack: size is caller controlled */
    if (upper == NULL)
        return 1;
    for (size_t i = 0; i <= len; i++)
        upper[i] = (char)toupper((unsigned char)argv[1][i]);
    puts(upper);
    free(upper);
    return 0;
}
