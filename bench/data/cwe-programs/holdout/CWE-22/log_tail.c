/*
 * log_tail.c - interactive helper for the support desk.
 *
 * Reads the name of an application log from stdin and prints its last
 * lines. Logs are kept in /var/log/app.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOG_DIR     "/var/log/app"
#define TAIL_LINES  20
#define LINE_LEN    512

struct ring {
    char lines[TAIL_LINES][LINE_LEN];
    int next;
    int count;
};

static void ring_push(struct ring *r, const char *line)
{
    strncpy(r->lines[r->next], line, LINE_LEN - 1);
    r->lines[r->next][LINE_LEN - 1] = '\0';
    r->next = (r->next + 1) % TAIL_LINES;
    if (r->count < TAIL_LINES)
        r->count++;
}

static void ring_print(const struct ring *r)
{
    int start = (r->next - r->count + TAIL_LINES) % TAIL_LINES;
    for (int i = 0; i < r->count; i++)
        fputs(r->lines[(start + i) % TAIL_LINES], stdout);
}

static void chomp(char *s)
{
    s[strcspn(s, "\r\n")] = '\0';
}

int main(void)
{
    char name[128];
    char path[256];
    char line[LINE_LEN];
    static struct ring tail;
    FILE *log;

    printf("log name: ");
    fflush(stdout);
    if (fgets(name, sizeof name, stdin) == NULL)
        return 1;
    chomp(name);
    if (name[0] == '\0') {
        fprintf(stderr, "no log name given\n");
        return 1;
    }

    snprintf(path, sizeof path, "%s/%s", LOG_DIR, name);
    log = fopen(path, "r"); /* FLAW: CWE-22 */
    if (log == NULL) {
        perror(path);
        return 1;
    }
    while (fgets(line, sizeof line, log) != NULL)
        ring_push(&tail, line);
    fclose(log);

    ring_print(&tail);
    return 0;
}
