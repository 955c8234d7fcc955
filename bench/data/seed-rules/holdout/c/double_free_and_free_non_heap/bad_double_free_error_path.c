#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int save_report(const char *path, const char *text)
{
    FILE *fp;
    char *copy = strdup(text);

    if (copy == NULL)
        return -1;
    fp = fopen(path, "w");
    if (fp == NULL) {
        free(copy);
        goto fail;
    }
    if (fputs(copy, fp) == EOF) {
        fclose(fp);
        goto fail;
    }
    free(copy);
    return fclose(fp) == 0 ? 0 : -1;
fail:
    free(copy); /* FLAW: double_free_and_free_non_heap */
    return -1;
}
