/* splits "key: value" header lines into newly allocated strings */
#include <stdlib.h>
#include <string.h>

struct header {
    char *key;
    char *value;
};

int header_parse(const char *line, struct header *h)
{
    const char *colon = strchr(line, ':');
    char *key, *value;

    if (colon == NULL)
        return -1;
    key = strndup(line, (size_t)(colon - line));
    if (key == NULL)
        return -1;
    colon++;
    while (*colon == ' ')
        colon++;
    if (*colon == '\0') {
        free(key);
        return -1;
    }
    value = strdup(colon);
    if (value == NULL) {
        free(key);
        return -1;
    }
    h->key = key;
    h->value = value;
    return 0;
}
