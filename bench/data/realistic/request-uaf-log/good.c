/* request handling for a small HTTP-ish server */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct request {
    char method[8];
    char *path;
    int status;
};

static struct request *parse_request(const char *line)
{
    struct request *r = calloc(1, sizeof *r);
    const char *sp;

    if (r == NULL)
        return NULL;
    sp = strchr(line, ' ');
    if (sp == NULL || sp - line >= (long)sizeof r->method) {
        free(r);
        return NULL;
    }
    memcpy(r->method, line, (size_t)(sp - line));
    r->path = strdup(sp + 1);
    if (r->path == NULL) {
        free(r);
        return NULL;
    }
    return r;
}

static void free_request(struct request *r)
{
    free(r->path);
    free(r);
}

int handle_line(const char *line)
{
    struct request *r = parse_request(line);
    int status;

    if (r == NULL)
        return 400;
    r->status = strcmp(r->method, "GET") == 0 ? 200 : 405;
    status = r->status;
    free_request(r);
    fprintf(stderr, "%d\n", status);
    return status;
}
