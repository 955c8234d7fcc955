/*
 * ping_check.c - network diagnostics CGI for the router admin page.
 *
 * GET /cgi-bin/ping_check?host=example.org
 * Runs a short ping against the host and returns the raw output as
 * text/plain so the page can show it in a <pre> block.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HOST 128

static int get_param(const char *qs, const char *name, char *dst, size_t cap)
{
    size_t nlen = strlen(name);

    for (const char *p = qs; p != NULL; p = strchr(p, '&')) {
        if (*p == '&')
            p++;
        if (strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
            size_t vlen = strcspn(p + nlen + 1, "&");
            if (vlen == 0 || vlen >= cap)
                return -1;
            memcpy(dst, p + nlen + 1, vlen);
            dst[vlen] = '\0';
            return 0;
        }
    }
    return -1;
}

int main(void)
{
    char host[MAX_HOST];
    char cmd[256];
    const char *qs = getenv("QUERY_STRING");
    int status;

    fputs("Content-Type: text/plain\r\n\r\n", stdout);
    fflush(stdout);

    if (qs == NULL || get_param(qs, "host", host, sizeof host) != 0) {
        puts("error: host parameter required");
        return 0;
    }

    snprintf(cmd, sizeof cmd, "ping -c 3 -W 2 %s 2>&1", host);
    status = system(cmd); /* FLAW: CWE-78 */
    if (status != 0)
        printf("\nping exited with status %d\n", status);
    return 0;
}
