/*
 * error_logger.c - validates a list of configuration files.
 *
 * usage: error_logger FILE...
 * Each file must exist, be non-empty and contain only "key=value" or
 * comment lines. Problems are reported on stderr.
 */
#include <stdio.h>
#include <string.h>
#include <errno.h>

static int error_count;

static void log_error(const char *msg)
{
    error_count++;
    fprintf(stderr, msg); /* FLAW: CWE-134 */
    fputc('\n', stderr);
}

static void check_file(const char *path)
{
    char line[512], msg[768];
    int lineno = 0, entries = 0;
    FILE *f = fopen(path, "r");

    if (f == NULL) {
        snprintf(msg, sizeof msg, "%s: cannot open (%s)", path, strerror(errno));
        log_error(msg);
        return;
    }
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (strchr(line, '=') == NULL || line[0] == '=') {
            snprintf(msg, sizeof msg, "%s:%d: expected key=value", path, lineno);
            log_error(msg);
            continue;
        }
        entries++;
    }
    fclose(f);
    if (entries == 0) {
        snprintf(msg, sizeof msg, "%s: no settings found", path);
        log_error(msg);
    }
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        check_file(argv[i]);
    if (error_count)
        fprintf(stderr, "%d problem(s) found\n", error_count);
    return error_count ? 1 : 0;
}
