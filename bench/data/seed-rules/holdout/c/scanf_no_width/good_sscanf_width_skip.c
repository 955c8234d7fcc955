#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct command {
    char verb[8];
    char target[32];
};

int parse_command(const char *line, struct command *cmd)
{
    /* %*s skips a leading tag without storing it */
    if (sscanf(line, "%*s %7s %31s", cmd->verb, cmd->target) != 2)
        return -1;
    return strcmp(cmd->verb, "get") == 0 ? 0 : -1;
}

/* GNU %ms allocates a buffer of the right size. */
char *read_word(FILE *fp)
{
    char *word = NULL;

    if (fscanf(fp, "%ms", &word) != 1)
        return NULL;
    return word;
}
