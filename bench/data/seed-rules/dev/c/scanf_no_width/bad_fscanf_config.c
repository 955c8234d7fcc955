#include <stdio.h>
#include <string.h>

struct setting {
    char key[24];
    char value[40];
};

/* Read "key value" pairs from a configuration file. */
int load_settings(const char *path, struct setting *out, int max)
{
    FILE *fp = fopen(path, "r");
    int n = 0;

    if (fp == NULL)
        return -1;
    while (n < max && fscanf(fp, "%s %s", out[n].key, out[n].value) == 2) /* FLAW: scanf_no_width */
        n++;
    if (fclose(fp) != 0)
        return -1;
    return n;
}
