/* download.cgi: streams a report named in the query string */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *status)
{
    printf("Status: %s\r\nContent-Type: text/plain\r\n\r\n%s\n", status, status);
}

int main(void)
{
    const char *q = getenv("QUERY_STRING");
    char path[300];
    char buf[4096];
    size_t n;
    FILE *f;

    if (q == NULL || strncmp(q, "report=", 7) != 0) {
        fail("400 Bad Request");
        return 0;
    }
    snprintf(path, sizeof path, "/srv/reports/%s", q + 7);
    f = fopen(path, "r"); /* FLAW: CWE-22 */
    if (f == NULL) {
        fail("404 Not Found");
        return 0;
    }
    printf("Content-Type: text/plain\r\n\r\n");
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        if (fwrite(buf, 1, n, stdout) != n)
            break;
    fclose(f);
    return 0;
}
