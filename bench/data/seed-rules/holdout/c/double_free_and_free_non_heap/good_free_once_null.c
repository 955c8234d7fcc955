#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int save_report(const char *path, const char *text)
{
    FILE *fp = NULL;
    char *copy = strdup(text);
    int rc = -1;

    if (copy == NULL)
        return -1;
    fp = fopen(path, "w");
    if (fp == NULL)
        goto out;
    if (fputs(copy, fp) == EOF)
        goto out;
    rc = 0;
out:
    free(copy);
    copy = NULL;
    if (fp != NULL && fclose(fp) != 0)
        rc = -1;
    return rc;
}
