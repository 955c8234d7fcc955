#include <alloca.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char *upper;
    size_t len;

    if (argc < 2)
        return 1;
    len = strlen(argv[1]);
    upper = alloca(len + 1); /* FLAW: alloca_unbounded */
    for (size_t i = 0; i <= len; i++)
        upper[i] = (char)toupper((unsigned char)argv[1][i]);
    puts(upper);
    return 0;
}
