/* phone_book_find: look up phone numbers in a tab-separated phone book
 * file ("name<TAB>number"). Names are matched case-insensitively.
 *
 *   phone_book_find book.tsv alice bob
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_ENTRIES 512

typedef struct {
    char name[48];
    char number[24];
} contact;

typedef struct {
    contact c[MAX_ENTRIES];
    int n;
} phone_book;

static int book_load(phone_book *pb, const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[128];

    if (!fp)
        return -1;
    pb->n = 0;
    while (pb->n < MAX_ENTRIES && fgets(line, sizeof line, fp)) {
        contact *c = &pb->c[pb->n];
        if (sscanf(line, "%47[^\t]\t%23s", c->name, c->number) == 2)
            pb->n++;
    }
    fclose(fp);
    return 0;
}

static const contact *book_find(const phone_book *pb, const char *name)
{
    for (int i = 0; i < pb->n; i++)
        if (strcasecmp(pb->c[i].name, name) == 0)
            return &pb->c[i];
    return NULL;
}

int main(int argc, char **argv)
{
    static phone_book pb;

    if (argc < 3) {
        fprintf(stderr, "usage: %s BOOK NAME...\n", argv[0]);
        return 2;
    }
    if (book_load(&pb, argv[1]) != 0) {
        perror(argv[1]);
        return 1;
    }
    for (int i = 2; i < argc; i++) {
        const contact *c = book_find(&pb, argv[i]);
        printf("%-20s %s\n", argv[i], c->number); /* FLAW: CWE-476 */
    }
    return 0;
}
