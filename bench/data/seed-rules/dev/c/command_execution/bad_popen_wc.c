#include <stdio.h>

/* Count lines of an uploaded file by shelling out to wc. */
long count_lines(const char *uploaded_name)
{
    char cmd[512];
    long lines = -1;
    FILE *p;

    snprintf(cmd, sizeof cmd, "wc -l < /srv/uploads/%s", uploaded_name);
    p = popen(cmd, "r"); /* FLAW: command_execution */
    if (p == NULL)
        return -1;
    if (fscanf(p, "%ld", &lines) != 1)
        lines = -1;
    if (pclose(p) == -1)
        return -1;
    return lines;
}
