/*
 * record_lookup - load "id name department" lines from a staff file and
 * print the record for each id given on the command line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct staff {
    int id;
    char name[40];
    char dept[24];
    struct staff *next;
} staff;

static staff *load_staff(FILE *fp)
{
    staff *head = NULL;
    char line[128];

    while (fgets(line, sizeof line, fp)) {
        staff *s = malloc(sizeof *s);
        if (!s)
            break;
        if (sscanf(line, "%d %39s %23s", &s->id, s->name, s->dept) != 3) {
            free(s);
            continue;
        }
        s->next = head;
        head = s;
    }
    return head;
}

static const staff *find_staff(const staff *head, int id)
{
    for (; head; head = head->next)
        if (head->id == id)
            return head;
    return NULL;
}

int main(int argc, char **argv)
{
    staff *all;
    FILE *fp;
    int rc = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: %s STAFF_FILE ID...\n", argv[0]);
        return 2;
    }
    fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 1;
    }
    all = load_staff(fp);
    fclose(fp);

    for (int i = 2; i < argc; i++) {
        const staff *s = find_staff(all, atoi(argv[i]));
        if (!s) {
            printf("%s: no such id\n", argv[i]);
            rc = 1;
            continue;
        }
        printf("%d %s (%s)\n", s->id, s->name, s->dept);
    }

    while (all) {
        staff *next = all->next;
        free(all);
        all = next;
    }
    return rc;
}
