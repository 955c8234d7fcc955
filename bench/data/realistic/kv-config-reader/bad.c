/* kvconf: reads "key = value" lines from the file named on the command line and prints the settings */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct settings {
    char name[32];
    char host[64];
    long port;
};

/* strip leading and trailing blanks in place; returns the first non-blank character */
static char *trim(char *s)
{
    size_t n;

    while (isspace((unsigned char)*s))
        s++;
    n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int apply(struct settings *cfg, const char *key, const char *val)
{
    if (strcmp(key, "name") == 0) {
        snprintf(cfg->name, sizeof cfg->name, "%s", val);
    } else if (strcmp(key, "host") == 0) {
        memcpy(cfg->host, val, strlen(val) + 1); /* FLAW: CWE-121 */
    } else if (strcmp(key, "port") == 0) {
        char *end;
        long p = strtol(val, &end, 10);
        if (*end != '\0' || p < 1 || p > 65535)
            return -1;
        cfg->port = p;
    } else {
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct settings cfg = { "default", "localhost", 8080 };
    char line[256];
    int lineno = 0;
    FILE *fp;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (fp == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fgets(line, sizeof line, fp) != NULL) {
        char *eq = strchr(line, '=');
        lineno++;
        if (line[0] == '#' || eq == NULL)
            continue;
        *eq = '\0';
        if (apply(&cfg, trim(line), trim(eq + 1)) != 0)
            fprintf(stderr, "%s:%d: bad setting\n", argv[1], lineno);
    }
    fclose(fp);
    printf("name=%s host=%s port=%ld\n", cfg.name, cfg.host, cfg.port);
    return 0;
}
