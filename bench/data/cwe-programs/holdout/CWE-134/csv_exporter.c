/*
 * csv_exporter.c - exports /etc/passwd-style records as CSV.
 *
 * usage: csv_exporter [FILE]   (default /etc/passwd)
 * Fields containing quotes or commas are quoted per RFC 4180.
 */
#include <stdio.h>
#include <string.h>

#define NFIELDS 7

static const char *HEADER[NFIELDS] = {
    "user", "password", "uid", "gid", "gecos", "home", "shell"
};

static void put_field(FILE *out, const char *f, int last)
{
    if (strpbrk(f, ",\"\n") != NULL) {
        fputc('"', out);
        for (; *f; f++) {
            if (*f == '"')
                fputc('"', out);
            fputc(*f, out);
        }
        fputc('"', out);
    } else {
        fputs(f, out);
    }
    fputc(last ? '\n' : ',', out);
}

static int split(char *line, char *fields[NFIELDS])
{
    int n = 0;
    char *p = line;

    line[strcspn(line, "\n")] = '\0';
    while (n < NFIELDS) {
        fields[n++] = p;
        p = strchr(p, ':');
        if (!p)
            break;
        *p++ = '\0';
    }
    return n;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "/etc/passwd";
    char line[1024];
    char *fields[NFIELDS];
    long rows = 0;
    FILE *in = fopen(path, "r");

    if (!in) {
        perror(path);
        return 1;
    }
    for (int i = 0; i < NFIELDS; i++)
        put_field(stdout, HEADER[i], i == NFIELDS - 1);

    while (fgets(line, sizeof line, in)) {
        if (split(line, fields) != NFIELDS) {
            fprintf(stderr, "%s: skipping malformed line %ld\n", path, rows + 1);
            continue;
        }
        for (int i = 0; i < NFIELDS; i++)
            put_field(stdout, fields[i], i == NFIELDS - 1);
        rows++;
    }
    fclose(in);
    fprintf(stderr, "%ld record(s) exported\n", rows);
    return 0;
}
