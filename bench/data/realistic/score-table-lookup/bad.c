/*
 * scores: keeps a table of player scores in memory and answers queries
 * read from standard input, one per line: "get N" or "set N VALUE".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NPLAYERS 64

static long scores[NPLAYERS];

static int parse_slot(const char *s)
{
    return atoi(s);
}

static void handle(char *cmd)
{
    char *arg = strchr(cmd, ' ');
    int slot;

    if (arg == NULL)
        return;
    *arg++ = '\0';
    slot = parse_slot(arg);
    if (slot >= NPLAYERS) {
        printf("no such player\n");
        return;
    }
    if (strcmp(cmd, "get") == 0) {
        printf("%d: %ld\n", slot, scores[slot]); /* FLAW: CWE-125 */
    } else if (strcmp(cmd, "set") == 0) {
        char *val = strchr(arg, ' ');
        if (val != NULL)
            scores[slot] = strtol(val + 1, NULL, 10); /* FLAW: CWE-787 */
    }
}

int main(void)
{
    char buf[256];
    ssize_t n;
    size_t used = 0;

    while ((n = read(0, buf + used, sizeof buf - 1 - used)) > 0) {
        char *nl;
        used += (size_t)n;
        buf[used] = '\0';
        while ((nl = strchr(buf, '\n')) != NULL) {
            *nl = '\0';
            handle(buf);
            used -= (size_t)(nl + 1 - buf);
            memmove(buf, nl + 1, used + 1);
        }
        if (used == sizeof buf - 1)
            used = 0; /* overlong line: drop it */
    }
    return 0;
}
