/* contacts: reads "name,phone" records from a file into a table */
#include <stdio.h>
#include <string.h>

struct contact {
    char name[24];
    char phone[16];
};

static void copy_field(char *dst, size_t size, const char *src)
{
    size_t i = 0;
    while (i + 1 < size && src[i] && src[i] != ',' && src[i] != '\n') {
        dst[i] = src[i];
        i++;
    }
    dst[i] = '\0';
}

static int load(FILE *f, struct contact *tab, int max)
{
    char line[200];
    int n = 0;

    while (n < max && fgets(line, sizeof line, f) != NULL) {
        const char *comma = strchr(line, ',');
        if (comma == NULL)
            continue;
        copy_field(tab[n].name, sizeof tab[n].name, line);
        copy_field(tab[n].phone, sizeof tab[n].phone, comma + 1);
        n++;
    }
    return n;
}

int main(int argc, char **argv)
{
    struct contact tab[100];
    FILE *f;
    int i, n;

    if (argc != 2)
        return 2;
    f = fopen(argv[1], "r");
    if (f == NULL)
        return 1;
    n = load(f, tab, 100);
    fclose(f);
    for (i = 0; i < n; i++)
        printf("%-24s %s\n", tab[i].name, tab[i].phone);
    return 0;
}
