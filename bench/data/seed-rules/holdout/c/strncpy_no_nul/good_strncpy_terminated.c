#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char name[12];

    if (argc < 2)
        return 1;
    strncpy(name, argv[1], sizeof(name) - 1);
    name[sizeof(name) - 1] = '\0';
    printf("name: %s (%zu chars)\n", name, strlen(name));
    return 0;
}
