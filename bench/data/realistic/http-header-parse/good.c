/* http_hdr.c - parse the header block of an HTTP request (library part of a tiny server) */
#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#define MAX_HEADERS 32

struct header {
    const char *name;
    const char *value;
};

struct request_head {
    struct header h[MAX_HEADERS];
    size_t count;
};

static char *trim(char *s)
{
    char *end;
    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

/*
 * Splits BLOCK (the bytes after the request line, NUL-terminated, modified in
 * place) into name/value pairs.  Returns the number of headers, or -1.
 */
int parse_headers(char *block, struct request_head *out)
{
    char *save = NULL;
    char *line;

    out->count = 0;
    for (line = strtok_r(block, "\r\n", &save); line != NULL;
         line = strtok_r(NULL, "\r\n", &save)) {
        char *colon = strchr(line, ':');
        if (colon == NULL || out->count == MAX_HEADERS)
            return -1;
        *colon = '\0';
        out->h[out->count].name = trim(line);
        out->h[out->count].value = trim(colon + 1);
        out->count++;
    }
    return (int)out->count;
}

const char *header_get(const struct request_head *rh, const char *name)
{
    for (size_t i = 0; i < rh->count; i++)
        if (strcasecmp(rh->h[i].name, name) == 0)
            return rh->h[i].value;
    return NULL;
}
