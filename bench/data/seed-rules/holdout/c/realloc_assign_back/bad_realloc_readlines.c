#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    char **lines = NULL;
    size_t count = 0;
    char buf[256];

    while (fgets(buf, sizeof buf, stdin) != NULL) {
        lines = realloc(lines, (count + 1) * sizeof(*lines)); /* FLAW: realloc_assign_back */
        if (lines == NULL)
            return 1;
        lines[count] = strdup(buf);
        if (lines[count] == NULL)
            return 1;
        count++;
    }
    for (size_t i = count; i > 0; i--) {
        fputs(lines[i - 1], stdout);
        free(lines[i - 1]);
    }
    free(lines);
    return 0;
}
