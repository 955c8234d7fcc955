/* string_split: split a delimited string and print the fields in upper
 * case along with the longest field.
 *
 *   string_split ':' "$PATH"
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *upper_copy(const char *s, size_t n)
{
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    for (size_t i = 0; i < n; i++)
        out[i] = (char)toupper((unsigned char)s[i]);
    out[n] = '\0';
    return out;
}

int main(int argc, char **argv)
{
    const char *p, *next;
    char *field = NULL, *longest = NULL;
    size_t longest_len = 0;
    int idx = 0;
    char delim;

    if (argc != 3 || strlen(argv[1]) != 1) {
        fprintf(stderr, "usage: %s DELIM STRING\n", argv[0]);
        return 1;
    }
    delim = argv[1][0];

    for (p = argv[2]; ; p = next + 1) {
        size_t n;

        next = strchr(p, delim);
        n = next ? (size_t)(next - p) : strlen(p);
        field = upper_copy(p, n); /* FLAW: CWE-401 */
        if (!field) {
            perror("malloc");
            free(longest);
            return 1;
        }
        printf("%2d: %s\n", idx++, field);
        if (n > longest_len || !longest) {
            free(longest);
            longest = strdup(field);
            longest_len = n;
        }
        if (!next)
            break;
    }
    if (longest)
        printf("longest: %s (%zu chars)\n", longest, longest_len);
    free(field);
    free(longest);
    return 0;
}
