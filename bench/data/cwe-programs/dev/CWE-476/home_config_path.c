/*
 * home_config_path - print the absolute path of a dot-file in the user's
 * home directory, collapsing a trailing slash on $HOME.
 *
 *   home_config_path .bashrc
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PATH 1024

static size_t home_prefix_len(const char *home)
{
    size_t n = strlen(home); /* FLAW: CWE-476 */

    while (n > 1 && home[n - 1] == '/')
        n--;
    return n;
}

static int build_path(char *out, size_t outsz, const char *name)
{
    const char *home = getenv("HOME");
    size_t hn = home_prefix_len(home);
    int n = snprintf(out, outsz, "%.*s/%s", (int)hn, home, name);

    return (n < 0 || (size_t)n >= outsz) ? -1 : 0;
}

int main(int argc, char **argv)
{
    char path[MAX_PATH];
    const char *name = argc > 1 ? argv[1] : ".profile";

    if (name[0] == '/') {
        puts(name);
        return 0;
    }
    if (build_path(path, sizeof path, name) != 0) {
        fprintf(stderr, "path too long\n");
        return 1;
    }
    puts(path);
    return 0;
}
