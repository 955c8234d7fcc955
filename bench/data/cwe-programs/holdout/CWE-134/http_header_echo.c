/*
 * http_header_echo.c - debugging helper for the reverse proxy.
 *
 * Reads an HTTP request head from stdin (as inetd hands it over) and
 * answers with a plain-text summary of the client's headers.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>

#define MAX_HEADERS 32

struct header {
    char name[64];
    char value[512];
};

static int parse_header(char *line, struct header *h)
{
    char *colon = strchr(line, ':');
    char *v;

    if (!colon || colon == line || (size_t)(colon - line) >= sizeof h->name)
        return -1;
    memcpy(h->name, line, (size_t)(colon - line));
    h->name[colon - line] = '\0';
    for (v = colon + 1; isspace((unsigned char)*v); v++)
        ;
    v[strcspn(v, "\r\n")] = '\0';
    snprintf(h->value, sizeof h->value, "%s", v);
    return 0;
}

int main(void)
{
    struct header hdrs[MAX_HEADERS];
    char line[640], agent[600] = "unknown";
    int n = 0;

    if (!fgets(line, sizeof line, stdin))
        return 1;

    while (n < MAX_HEADERS && fgets(line, sizeof line, stdin)) {
        if (line[0] == '\r' || line[0] == '\n')
            break;
        if (parse_header(line, &hdrs[n]) == 0)
            n++;
    }

    for (int i = 0; i < n; i++) {
        if (strcasecmp(hdrs[i].name, "User-Agent") == 0)
            snprintf(agent, sizeof agent, hdrs[i].value); /* FLAW: CWE-134 */
    }

    printf("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n");
    printf("client: %s\n", agent);
    printf("%d header(s) received\n", n);
    for (int i = 0; i < n; i++)
        printf("  %s: %s\n", hdrs[i].name, hdrs[i].value);
    return 0;
}
