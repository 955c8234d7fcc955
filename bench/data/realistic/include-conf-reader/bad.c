/*
 * confcat - print a config file with its "include FILE" lines expanded
 * (one level deep, relative to the current directory).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_LEN 1024

static int copy_file(FILE *out, const char *path)
{
    char line[LINE_MAX_LEN];
    FILE *in = fopen(path, "r");
    size_t lines = 0;

    while (fgets(line, sizeof line, in) != NULL) { /* FLAW: CWE-476 */
        fputs(line, out);
        lines++;
    }
    fclose(in);
    return (int)lines;
}

static const char *include_target(char *line)
{
    char *p = line;
    if (strncmp(p, "include", 7) != 0 || (p[7] != ' ' && p[7] != '\t'))
        return NULL;
    p += 7;
    while (*p == ' ' || *p == '\t')
        p++;
    p[strcspn(p, "\r\n")] = '\0';
    return *p ? p : NULL;
}

int main(int argc, char **argv)
{
    char line[LINE_MAX_LEN];
    FILE *fp;

    if (argc != 2) {
        fprintf(stderr, "usage: confcat FILE\n");
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, fp) != NULL) {
        const char *inc = include_target(line);
        if (inc == NULL)
            fputs(line, stdout);
        else if (copy_file(stdout, inc) < 0)
            fprintf(stderr, "confcat: cannot include %s\n", inc);
    }
    fclose(fp);
    return 0;
}
