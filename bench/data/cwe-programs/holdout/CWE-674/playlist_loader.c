/*
 * playlist_loader.c - loads an M3U playlist into a linked list and
 * prints it with running track numbers and the total duration.
 *
 * usage: playlist_loader FILE.m3u
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct track {
    int seconds;
    char title[128];
    char path[256];
    struct track *next;
};

static struct track *load(FILE *f)
{
    char line[512];
    struct track *head = NULL, **tail = &head;
    int secs = -1;
    char title[128] = "";

    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "#EXTINF:", 8) == 0) {
            char *comma = strchr(line, ',');
            secs = atoi(line + 8);
            snprintf(title, sizeof title, "%s", comma ? comma + 1 : "");
        } else if (line[0] && line[0] != '#') {
            struct track *t = calloc(1, sizeof *t);
            if (!t)
                break;
            t->seconds = secs;
            snprintf(t->title, sizeof t->title, "%.127s", title[0] ? title : line);
            snprintf(t->path, sizeof t->path, "%.255s", line);
            *tail = t;
            tail = &t->next;
            secs = -1;
            title[0] = '\0';
        }
    }
    return head;
}

/* Prints tracks from T onward, numbering from N; returns total seconds. */
static long print_from(const struct track *t, int n)
{
    long rest;

    if (t == NULL)
        return 0;
    if (t->seconds >= 0)
        printf("%3d. %-50s %d:%02d\n", n, t->title, t->seconds / 60, t->seconds % 60);
    else
        printf("%3d. %-50s  ?:??\n", n, t->title);
    rest = print_from(t->next, n + 1); /* FLAW: CWE-674 */
    return rest + (t->seconds > 0 ? t->seconds : 0);
}

static void free_list(struct track *t)
{
    while (t) {
        struct track *next = t->next;
        free(t);
        t = next;
    }
}

int main(int argc, char **argv)
{
    struct track *list;
    long total;
    FILE *f;

    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.m3u\n", argv[0]);
        return 2;
    }
    if ((f = fopen(argv[1], "r")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    list = load(f);
    fclose(f);

    total = print_from(list, 1);
    printf("total: %ld:%02ld:%02ld\n", total / 3600, (total / 60) % 60, total % 60);
    free_list(list);
    return 0;
}
