#include <stdio.h>
#include <string.h>

struct command {
    char verb[8];
    char target[32];
};

int parse_command(const char *line, struct command *cmd)
{
    if (sscanf(line, "%s %s", cmd->verb, cmd->target) != 2) /* FLAW: scanf_no_width */
        return -1;
    return strcmp(cmd->verb, "get") == 0 || strcmp(cmd->verb, "put") == 0 ? 0 : -1;
}
