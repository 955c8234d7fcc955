#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char line[128];

    for (int i = 1; i < argc; i++)
        printf("%s\n", argv[i]);
    if (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        fprintf(stderr, "%s\n", line);
    }
    return 0;
}
