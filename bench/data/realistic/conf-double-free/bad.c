/* reads a key=value config file into a dynamically sized buffer and prints the keys */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 256, n = 0;
    char *buf = malloc(cap);
    int c;

    if (buf == NULL)
        return NULL;
    while ((c = fgetc(f)) != EOF) {
        if (n + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                return NULL;
            }
            buf = bigger;
            cap *= 2;
        }
        buf[n++] = (char)c;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    FILE *f;
    char *text, *line;
    size_t len;
    int bad = 0;

    if (argc != 2)
        return 2;
    f = fopen(argv[1], "r");
    if (f == NULL)
        return 1;
    text = read_all(f, &len);
    fclose(f);
    if (text == NULL)
        return 1;
    for (line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char *eq = strchr(line, '=');
        if (eq == NULL) {
            fprintf(stderr, "bad line: %s\n", line);
            bad = 1;
            free(text);
            break;
        }
        *eq = '\0';
        printf("key %s\n", line);
    }
    free(text); /* FLAW: CWE-415 */
    return bad;
}
