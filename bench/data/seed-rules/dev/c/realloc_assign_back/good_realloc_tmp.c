#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    char **lines = NULL;
    size_t count = 0;
    char buf[256];
    int rc = 0;

    while (fgets(buf, sizeof buf, stdin) != NULL) {
        char **tmp = realloc(lines, (count + 1) * sizeof(*lines));
        if (tmp == NULL) {
            rc = 1;
            break;
        }
        lines = tmp;
        lines[count] = strdup(buf);
        if (lines[count] == NULL) {
            rc = 1;
            break;
        }
        count++;
    }
    for (size_t i = count; i > 0; i--) {
        fputs(lines[i - 1], stdout);
        free(lines[i - 1]);
    }
    free(lines);
    return rc;
}
