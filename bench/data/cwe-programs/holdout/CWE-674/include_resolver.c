/*
 * include_resolver.c - flattens a configuration file by expanding
 * "@include <file>" directives in place, writing the result to stdout.
 * Relative include paths are taken relative to the including file.
 *
 * usage: include_resolver FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libgen.h>
#include <limits.h>

static int expand(const char *path);

static int include_relative(const char *from, const char *target)
{
    char dirbuf[PATH_MAX], full[PATH_MAX];

    if (target[0] == '/')
        return expand(target); /* FLAW: CWE-674 */
    snprintf(dirbuf, sizeof dirbuf, "%s", from);
    if (snprintf(full, sizeof full, "%s/%s", dirname(dirbuf), target) >= (int)sizeof full)
        return -1;
    return expand(full); /* FLAW: CWE-674 */
}

static int expand(const char *path)
{
    char line[1024], target[PATH_MAX];
    int lineno = 0, rc = 0;
    FILE *f = fopen(path, "r");

    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    printf("# --- begin %s\n", path);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (sscanf(line, " @include %4095s", target) == 1) {
            if (include_relative(path, target) != 0) {
                fprintf(stderr, "%s:%d: include of %s failed\n", path, lineno, target);
                rc = -1;
                break;
            }
            continue;
        }
        fputs(line, stdout);
    }
    fclose(f);
    printf("# --- end %s\n", path);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    return expand(argv[1]) == 0 ? 0 : 1;
}
