/*
 * http_header_parser - read an HTTP/1.x request head from stdin and print
 * the request line and every header as "name = value".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct header {
    char *name;
    char *value;
};

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

/* Split "Name: value" in place. */
static void split_header(char *line, struct header *h)
{
    size_t i = 0;

    while (line[i] != ':') /* FLAW: CWE-125 */
        i++;
    line[i] = '\0';
    h->name = line;
    h->value = line + i + 1;
    while (isspace((unsigned char)*h->value))
        h->value++;
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int first = 1;
    int count = 0;

    while ((len = getline(&line, &cap, stdin)) != -1) {
        struct header h;

        chomp(line);
        if (first) {
            char method[16], target[256], version[16];
            if (sscanf(line, "%15s %255s %15s", method, target, version) != 3) {
                fprintf(stderr, "malformed request line\n");
                free(line);
                return 1;
            }
            printf("method=%s target=%s version=%s\n", method, target, version);
            first = 0;
            continue;
        }
        if (line[0] == '\0')
            break;  /* end of the header block */

        split_header(line, &h);
        printf("%s = %s\n", h.name, h.value);
        count++;
    }
    printf("%d headers\n", count);
    free(line);
    return 0;
}
