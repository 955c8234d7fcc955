/*
 * hist - append a command line to ~/.hist_log with a timestamp.
 * Usage: hist WORDS...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HIST_NAME "/.hist_log"

static char *history_path(void)
{
    const char *home = getenv("HOME");
    size_t len;
    char *path;

    if (home == NULL || *home == '\0')
        home = ".";
    len = strlen(home) + sizeof HIST_NAME;
    path = malloc(len);
    if (path == NULL)
        return NULL;
    snprintf(path, len, "%s%s", home, HIST_NAME);
    return path;
}

int main(int argc, char **argv)
{
    char *path;
    FILE *fp;
    time_t now = time(NULL);

    if (argc < 2) {
        fprintf(stderr, "usage: hist WORDS...\n");
        return 2;
    }
    path = history_path();
    if (path == NULL)
        return 1;
    fp = fopen(path, "a");
    if (fp == NULL) {
        perror(path);
        free(path);
        return 1;
    }
    fprintf(fp, "%ld", (long)now);
    for (int i = 1; i < argc; i++)
        fprintf(fp, " %s", argv[i]);
    fputc('\n', fp);
    fclose(fp);
    free(path);
    return 0;
}
