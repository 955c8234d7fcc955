/* ini_section_parser: list the sections of an INI file and how many
 * keys each one contains. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SECTIONS 32
#define NAME_LEN     48

struct section {
    char name[NAME_LEN];
    int keys;
};

struct ini_summary {
    struct section sec[MAX_SECTIONS];
    int count;
};

static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

/* Start a new section; the name is cut to NAME_LEN - 1 characters. */
static struct section *open_section(struct ini_summary *sum, const char *name, size_t len)
{
    struct section *s;

    if (sum->count >= MAX_SECTIONS)
        return NULL;
    s = &sum->sec[sum->count++];
    if (len >= sizeof(s->name))
        len = sizeof(s->name) - 1;
    memcpy(s->name, name, len);
    s->name[len] = '\0';
    s->keys = 0;
    return s;
}

int main(int argc, char **argv)
{
    struct ini_summary sum = { .count = 0 };
    struct section *cur = NULL;
    char buf[512];
    FILE *fp;
    int lineno = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.ini\n", argv[0]);
        return 1;
    }
    if (!(fp = fopen(argv[1], "r"))) {
        perror(argv[1]);
        return 1;
    }

    while (fgets(buf, sizeof(buf), fp)) {
        char *line = trim(buf);
        lineno++;

        if (*line == '\0' || *line == ';' || *line == '#')
            continue;
        if (*line == '[') {
            char *close = strchr(line, ']');
            if (!close) {
                fprintf(stderr, "%d: unterminated section header\n", lineno);
                continue;
            }
            cur = open_section(&sum, line + 1, (size_t)(close - line - 1));
            if (!cur)
                fprintf(stderr, "%d: too many sections\n", lineno);
        } else if (strchr(line, '=') && cur) {
            cur->keys++;
        }
    }
    fclose(fp);

    for (int i = 0; i < sum.count; i++)
        printf("[%s] %d keys\n", sum.sec[i].name, sum.sec[i].keys);
    return 0;
}
