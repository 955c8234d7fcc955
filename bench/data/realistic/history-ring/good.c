/* history.c - a ring of the last N input lines, with "!clear" to forget them */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HIST_N 8

struct history {
    char *line[HIST_N];
    unsigned next;
};

static void hist_add(struct history *h, const char *s)
{
    char *copy = strdup(s);
    if (copy == NULL)
        return;
    free(h->line[h->next]);
    h->line[h->next] = copy;
    h->next = (h->next + 1) % HIST_N;
}

static void hist_clear(struct history *h)
{
    for (unsigned i = 0; i < HIST_N; i++) {
        free(h->line[i]);
        h->line[i] = NULL;
    }
    h->next = 0;
}

static void hist_print(const struct history *h)
{
    for (unsigned k = 0; k < HIST_N; k++) {
        const char *s = h->line[(h->next + k) % HIST_N];
        if (s)
            printf("  %s\n", s);
    }
}

int main(void)
{
    struct history h = { { NULL }, 0 };
    char buf[256];

    while (fgets(buf, sizeof buf, stdin)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (strcmp(buf, "!clear") == 0)
            hist_clear(&h);
        else if (strcmp(buf, "!list") == 0)
            hist_print(&h);
        else
            hist_add(&h, buf);
    }
    hist_clear(&h);
    return 0;
}
