/* ini loader: reads "key = value" lines into a settings list */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct setting {
    char key[32];
    char *value;
};

static int parse_line(const char *line, struct setting *out) {
    const char *eq = strchr(line, '=');
    if (eq == NULL || (size_t)(eq - line) >= sizeof out->key) return -1;
    memcpy(out->key, line, (size_t)(eq - line));
    out->key[eq - line] = '\0';
    out->value = strdup(eq + 1);
    return out->value ? 0 : -1;
}

int load_settings(const char *path, struct setting *list, int max) {
    char line[256];
    int count = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    char *pending = malloc(sizeof line);
    if (pending == NULL) {
        fclose(f);
        return -1;
    }
    while (count < max && fgets(line, sizeof line, f) != NULL) {
        if (parse_line(line, &list[count]) != 0) {
            free(pending);
            break;
        }
        count++;
    }
    fclose(f);
    free(pending); /* FLAW: CWE-415 */
    return count;
}
