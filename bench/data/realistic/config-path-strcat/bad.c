/* finds the user's config file under $HOME and prints its first line */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CONF_NAME "/.toolrc"

static int show_first_line(const char *path)
{
    char line[128];
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    if (fgets(line, sizeof line, f) != NULL)
        fputs(line, stdout);
    fclose(f);
    return 0;
}

int main(void)
{
    char path[64];
    const char *home = getenv("HOME");

    if (home == NULL)
        home = "/tmp";
    strcpy(path, home);
    strcat(path, CONF_NAME); /* FLAW: CWE-120 */
    if (show_first_line(path) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}
