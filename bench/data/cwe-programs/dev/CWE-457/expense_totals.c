/* expense_totals: sum expenses per category from a CSV on stdin
 * ("date,category,amount") and print the categories in input order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CATS 32

struct category {
    char name[32];
    double total;
    int entries;
};

static struct category cats[MAX_CATS];
static int ncats;

static struct category *get_category(const char *name)
{
    for (int i = 0; i < ncats; i++)
        if (strcmp(cats[i].name, name) == 0)
            return &cats[i];
    if (ncats == MAX_CATS)
        return NULL;
    snprintf(cats[ncats].name, sizeof cats[ncats].name, "%s", name);
    cats[ncats].total = 0.0;
    cats[ncats].entries = 0;
    return &cats[ncats++];
}

int main(void)
{
    char line[256], date[16], name[32];
    double amount, grand;
    int lines = 0;

    while (fgets(line, sizeof line, stdin)) {
        struct category *c;

        if (sscanf(line, "%15[^,],%31[^,],%lf", date, name, &amount) != 3)
            continue;
        c = get_category(name);
        if (!c) {
            fprintf(stderr, "too many categories, skipping %s\n", name);
            continue;
        }
        c->total += amount;
        c->entries++;
        grand += amount; /* FLAW: CWE-457 */
        lines++;
    }

    for (int i = 0; i < ncats; i++)
        printf("%-20s %10.2f (%d)\n", cats[i].name, cats[i].total, cats[i].entries);
    if (lines > 0)
        printf("%-20s %10.2f\n", "TOTAL", grand);
    return 0;
}
