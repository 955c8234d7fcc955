/* audit: reads "user" lines from stdin and writes one audit record per line */
#include <stdio.h>
#include <string.h>
#include <time.h>

static void emit(FILE *out, const char *record)
{
    fprintf(out, "%ld %s\n", (long)time(NULL), record);
}

int main(void)
{
    char line[256];
    char record[64];

    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '\0')
            continue;
        sprintf(record, "user=%s", line); /* FLAW: CWE-787 */
        emit(stdout, record);
    }
    return 0;
}
