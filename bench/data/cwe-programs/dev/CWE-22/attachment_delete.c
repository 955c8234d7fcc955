/*
 * attachment_delete.c - CGI endpoint that removes an uploaded attachment.
 *
 * Invoked by the web server as /cgi-bin/attachment_delete?file=NAME.
 * The attachment is removed from the upload spool and a small JSON
 * status document is returned.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <errno.h>
#include <unistd.h>

#define UPLOAD_SPOOL "/var/spool/webapp/uploads"

/* Decode %XX escapes and '+' in place. */
static void url_decode(char *s)
{
    char *out = s;
    while (*s) {
        if (*s == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
            char hex[3] = { s[1], s[2], '\0' };
            *out++ = (char)strtol(hex, NULL, 16);
            s += 3;
        } else if (*s == '+') {
            *out++ = ' ';
            s++;
        } else {
            *out++ = *s++;
        }
    }
    *out = '\0';
}

/* Copy the value of KEY from a query string into OUT. */
static int query_param(const char *qs, const char *key, char *out, size_t cap)
{
    size_t klen = strlen(key);
    const char *p = qs;

    while (p && *p) {
        if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
            const char *v = p + klen + 1;
            size_t len = strcspn(v, "&");
            if (len >= cap)
                return -1;
            memcpy(out, v, len);
            out[len] = '\0';
            url_decode(out);
            return 0;
        }
        p = strchr(p, '&');
        if (p)
            p++;
    }
    return -1;
}

static void reply(int status, const char *msg)
{
    printf("Status: %d\r\nContent-Type: application/json\r\n\r\n", status);
    printf("{\"status\": %d, \"message\": \"%s\"}\n", status, msg);
}

int main(void)
{
    const char *qs = getenv("QUERY_STRING");
    char name[256];
    char target[512];

    if (qs == NULL || query_param(qs, "file", name, sizeof name) != 0 || name[0] == '\0') {
        reply(400, "missing file parameter");
        return 0;
    }

    snprintf(target, sizeof target, "%s/%s", UPLOAD_SPOOL, name);

    if (unlink(target) != 0) { /* FLAW: CWE-22 */
        reply(errno == ENOENT ? 404 : 500, "could not remove attachment");
        return 0;
    }
    reply(200, "deleted");
    return 0;
}
