#include <stdio.h>

int main(void)
{
    char name[L_tmpnam];
    FILE *fp;

    if (tmpnam(name) == NULL) /* FLAW: insecure_tmpfile */
        return 1;
    fp = fopen(name, "w");
    if (fp == NULL)
        return 1;
    fputs("scratch data\n", fp);
    if (fclose(fp) != 0)
        return 1;
    printf("wrote %s\n", name);
    return remove(name) == 0 ? 0 : 1;
}
