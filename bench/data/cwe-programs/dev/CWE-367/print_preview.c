/*
 * print_preview.c - installed setuid "lp" so it can read the printer
 * configuration; also shows the first page of a user's document as it
 * would be printed.
 *
 * usage: print_preview DOCUMENT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PAGE_LINES 66
#define PAGE_COLS  80

static void show_page(FILE *doc)
{
    char line[512];
    int n = 0;

    printf("+%.*s+\n", PAGE_COLS, "--------------------------------------------------------------------------------");
    while (n < PAGE_LINES && fgets(line, sizeof line, doc)) {
        line[strcspn(line, "\n")] = '\0';
        printf("|%-*.*s|\n", PAGE_COLS, PAGE_COLS, line);
        n++;
    }
    while (n++ < PAGE_LINES)
        printf("|%*s|\n", PAGE_COLS, "");
    printf("+%.*s+\n", PAGE_COLS, "--------------------------------------------------------------------------------");
}

int main(int argc, char **argv)
{
    FILE *doc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s DOCUMENT\n", argv[0]);
        return 2;
    }

    /* The document must be readable by the user who ran us. */
    if (access(argv[1], R_OK) != 0) {
        perror(argv[1]);
        return 1;
    }
    doc = fopen(argv[1], "r"); /* FLAW: CWE-367 */
    if (doc == NULL) {
        perror(argv[1]);
        return 1;
    }
    show_page(doc);
    fclose(doc);
    return 0;
}
