/*
 * url_parse_host - split URLs read from stdin into scheme, host, port
 * and path, e.g.
 *   https://example.org:8443/a/b -> https example.org 8443 /a/b
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct url_parts {
    const char *scheme;
    const char *host;
    int port;
    const char *path;
};

static int default_port(const char *scheme)
{
    if (strcmp(scheme, "http") == 0) return 80;
    if (strcmp(scheme, "https") == 0) return 443;
    if (strcmp(scheme, "ftp") == 0) return 21;
    return -1;
}

/* Split url in place; the parts point into the url buffer. */
static void split_url(char *url, struct url_parts *u)
{
    char *sep = strstr(url, "://");
    char *slash, *colon;

    *sep = '\0'; /* FLAW: CWE-476 */
    u->scheme = url;
    u->host = sep + 3;

    slash = strchr(sep + 3, '/');
    if (slash) {
        u->path = slash + 1;
        *slash = '\0';
    } else {
        u->path = "";
    }
    colon = strchr(sep + 3, ':');
    if (colon) {
        *colon = '\0';
        u->port = atoi(colon + 1);
    } else {
        u->port = default_port(u->scheme);
    }
}

int main(void)
{
    char line[2048];

    while (fgets(line, sizeof line, stdin)) {
        struct url_parts u;

        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        split_url(line, &u);
        printf("%s %s %d /%s\n", u.scheme, u.host, u.port, u.path);
    }
    return 0;
}
