#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    char *home = getenv("HOME");
    char *path = malloc(strlen(home) + 16); /* FLAW: getenv_unchecked */

    if (path == NULL)
        return 1;
    snprintf(path, strlen(home) + 16, "%s/.myapprc", home);
    printf("config: %s\n", path);
    free(path);
    return 0;
}
