/*
 * http_range.c - CGI program that serves byte ranges of a large media
 * file so players can seek.
 *
 * The web server passes the client's Range header in HTTP_RANGE, e.g.
 * "bytes=1000-1999". Without a Range header the whole file is sent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
#include <sys/stat.h>

#define MEDIA_FILE "/srv/media/current.mp4"

typedef struct {
    long long start;
    long long end;      /* inclusive */
} byte_range;

static int parse_range(const char *hdr, long long size, byte_range *r)
{
    char *end;

    if (hdr == NULL || strncmp(hdr, "bytes=", 6) != 0) {
        r->start = 0;
        r->end = size - 1;
        return 0;
    }
    r->start = strtoll(hdr + 6, &end, 10);
    if (*end != '-')
        return -1;
    r->end = end[1] ? strtoll(end + 1, NULL, 10) : size - 1;
    if (r->end >= size)
        r->end = size - 1;
    return 0;
}

int main(void)
{
    struct stat st;
    byte_range r;
    char buf[16384];
    long long left;
    FILE *f;

    if ((f = fopen(MEDIA_FILE, "rb")) == NULL || fstat(fileno(f), &st) != 0) {
        printf("Status: 404 Not Found\r\n\r\n");
        return 0;
    }
    if (parse_range(getenv("HTTP_RANGE"), (long long)st.st_size, &r) != 0) {
        printf("Status: 416 Range Not Satisfiable\r\n\r\n");
        fclose(f);
        return 0;
    }
    assert(r.start >= 0 && r.start <= r.end); /* FLAW: CWE-617 */

    printf("Status: 206 Partial Content\r\n");
    printf("Content-Type: video/mp4\r\n");
    printf("Content-Range: bytes %lld-%lld/%lld\r\n\r\n", r.start, r.end, (long long)st.st_size);
    fflush(stdout);

    if (fseeko(f, (off_t)r.start, SEEK_SET) != 0) {
        fclose(f);
        return 1;
    }
    for (left = r.end - r.start + 1; left > 0;) {
        size_t want = left < (long long)sizeof buf ? (size_t)left : sizeof buf;
        size_t got = fread(buf, 1, want, f);
        if (got == 0 || fwrite(buf, 1, got, stdout) != got)
            break;
        left -= (long long)got;
    }
    fclose(f);
    return 0;
}
