/* address_book_normalise: read a tab-separated address book
 * ("name<TAB>email" per line) and print it with names trimmed and
 * capitalised. Each name is normalised in a scratch copy on the stack. */
#include <alloca.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_normalised(const char *raw, size_t len, const char *email)
{
    char *tmp = alloca(len + 1); /* FLAW: CWE-770 */
    size_t s = 0, e = len;
    int word_start = 1;

    memcpy(tmp, raw, len);
    tmp[len] = '\0';
    while (s < e && isspace((unsigned char)tmp[s]))
        s++;
    while (e > s && isspace((unsigned char)tmp[e - 1]))
        tmp[--e] = '\0';
    for (size_t i = s; i < e; i++) {
        unsigned char c = (unsigned char)tmp[i];
        tmp[i] = (char)(word_start ? toupper(c) : tolower(c));
        word_start = isspace(c);
    }
    printf("%-32s <%s>\n", tmp + s, email);
}

int main(int argc, char **argv)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned count = 0, skipped = 0;
    FILE *fp;

    if (argc != 2 || !(fp = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: %s ADDRESSBOOK\n", argv[0]);
        return 2;
    }
    while ((n = getline(&line, &cap, fp)) != -1) {
        char *tab = memchr(line, '\t', (size_t)n);

        if (!tab) {
            skipped++;
            continue;
        }
        line[strcspn(line, "\r\n")] = '\0';
        print_normalised(line, (size_t)(tab - line), tab + 1);
        count++;
    }
    free(line);
    fclose(fp);
    fprintf(stderr, "%u entries, %u skipped\n", count, skipped);
    return 0;
}
