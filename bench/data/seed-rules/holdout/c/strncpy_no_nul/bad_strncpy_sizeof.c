#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char name[12];

    if (argc < 2)
        return 1;
    /* if argv[1] has 12 or more chars, name is not NUL-terminated */
    strncpy(name, argv[1], sizeof(name)); /* FLAW: strncpy_no_nul */
    printf("name: %s (%zu chars)\n", name, strlen(name));
    return 0;
}
