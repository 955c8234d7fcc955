/*
 * ini_section_parser.c - lists sections and keys of an INI file,
 * reporting syntax errors with line numbers.
 *
 * usage: ini_section_parser FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <assert.h>

#define MAX_NAME 63

static char *strip(char *s)
{
    char *e;
    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    *e = '\0';
    return s;
}

/* Returns 1 for a section header, 2 for key=value, 0 for blank/comment, -1 on error. */
static int classify(char *line, char **name, char **value)
{
    char *s = strip(line), *p;

    if (*s == '\0' || *s == ';' || *s == '#')
        return 0;
    if (*s == '[') {
        p = strchr(s, ']');
        if (p == NULL || p[1] != '\0' || p == s + 1 || p - s - 1 > MAX_NAME)
            return -1;
        *p = '\0';
        *name = s + 1;
        return 1;
    }
    p = strchr(s, '=');
    if (p == NULL || p == s)
        return -1;
    *p = '\0';
    *name = strip(s);
    *value = strip(p + 1);
    return **name ? 2 : -1;
}

int main(int argc, char **argv)
{
    char line[1024], section[MAX_NAME + 1] = "(global)";
    char *name = NULL, *value = NULL;
    int lineno = 0, errors = 0;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        lineno++;
        switch (classify(line, &name, &value)) {
        case 1:
            assert(strlen(name) <= MAX_NAME);   /* classify() enforces this */
            strcpy(section, name);
            printf("[%s]\n", section);
            break;
        case 2:
            assert(name != NULL && value != NULL);
            printf("  %s.%s = %s\n", section, name, value);
            break;
        case 0:
            break;
        default:
            fprintf(stderr, "%s:%d: syntax error\n", argv[1], lineno);
            errors++;
        }
    }
    fclose(f);
    return errors ? 1 : 0;
}
