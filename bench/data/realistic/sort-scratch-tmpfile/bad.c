/* bigsort: sorts the lines of stdin, spilling runs to a scratch file when they do not fit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUN_LINES 4096
#define LINE_MAX_LEN 512

static int cmp_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_run(char **run, size_t n)
{
    while (n > 0)
        free(run[--n]);
}

static int spill(FILE *scratch, char **run, size_t n)
{
    size_t i;

    qsort(run, n, sizeof *run, cmp_lines);
    for (i = 0; i < n; i++)
        if (fputs(run[i], scratch) == EOF)
            return -1;
    return 0;
}

static FILE *open_scratch(char *name, size_t len)
{
    char tmp[L_tmpnam];

    if (tmpnam(tmp) == NULL) /* FLAW: CWE-377 */
        return NULL;
    snprintf(name, len, "%s", tmp);
    return fopen(name, "w+");
}

int main(void)
{
    static char *run[RUN_LINES];
    char line[LINE_MAX_LEN];
    char scratch_name[64];
    FILE *scratch;
    size_t n = 0;
    int rc = 0;

    scratch = open_scratch(scratch_name, sizeof scratch_name);
    if (scratch == NULL) {
        perror("scratch file");
        return 1;
    }
    while (fgets(line, sizeof line, stdin) != NULL) {
        run[n] = strdup(line);
        if (run[n] == NULL) {
            rc = 1;
            goto out;
        }
        if (++n == RUN_LINES) {
            if (spill(scratch, run, n) != 0) {
                rc = 1;
                goto out;
            }
            free_run(run, n);
            n = 0;
        }
    }
    if (n > 0 && spill(scratch, run, n) != 0)
        rc = 1;
    rewind(scratch);
    while (rc == 0 && fgets(line, sizeof line, scratch) != NULL)
        fputs(line, stdout);
out:
    free_run(run, n);
    fclose(scratch);
    remove(scratch_name);
    return rc;
}
