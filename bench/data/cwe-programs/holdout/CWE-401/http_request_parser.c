/*
 * http_request_parser - parse HTTP request lines read from stdin (one per
 * line, e.g. "GET /index.html HTTP/1.1") and print method and path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *method;
    char *path;
    int minor_version;
} http_request;

static void request_free(http_request *req)
{
    if (!req)
        return;
    free(req->method);
    free(req->path);
    free(req);
}

static http_request *parse_request_line(const char *line)
{
    char method[16], path[1024];
    int major, minor;
    http_request *req;

    if (sscanf(line, "%15s %1023s HTTP/%d.%d", method, path, &major, &minor) != 4)
        return NULL;

    req = calloc(1, sizeof *req);
    if (!req)
        return NULL;
    req->method = strdup(method);
    req->path = strdup(path);
    if (!req->method || !req->path) {
        request_free(req);
        return NULL;
    }
    if (major != 1 || (minor != 0 && minor != 1))
        return NULL; /* FLAW: CWE-401 */
    req->minor_version = minor;
    return req;
}

int main(void)
{
    char line[1200];
    unsigned ok = 0, rejected = 0;

    while (fgets(line, sizeof line, stdin)) {
        http_request *req;

        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        req = parse_request_line(line);
        if (!req) {
            printf("rejected: %s\n", line);
            rejected++;
            continue;
        }
        printf("%-7s %s (HTTP/1.%d)\n", req->method, req->path, req->minor_version);
        request_free(req);
        ok++;
    }
    fprintf(stderr, "%u parsed, %u rejected\n", ok, rejected);
    return 0;
}
