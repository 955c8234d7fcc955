/*
 * chunked_reader.c - decodes an HTTP/1.1 "Transfer-Encoding: chunked"
 * body from stdin and writes the de-chunked payload to stdout.
 * Used by the proxy's logging pipeline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CHUNK (16L * 1024 * 1024)

static long read_chunk_size(FILE *in)
{
    char line[64];
    char *end;
    long n;

    if (!fgets(line, sizeof line, in))
        return -1;
    n = strtol(line, &end, 16);
    if (end == line || n < 0 || n > MAX_CHUNK)
        return -1;
    return n;
}

static int copy_chunk(FILE *in, FILE *out, long size)
{
    char buf[4096];
    long remaining = size;
    char crlf[2];

    while (remaining > 0) { /* FLAW: CWE-835 */
        size_t want = remaining < (long)sizeof buf ? (size_t)remaining : sizeof buf;
        size_t got = fread(buf, 1, want, in);
        fwrite(buf, 1, got, out);
        remaining -= (long)got;
    }
    /* Each chunk is followed by CRLF. */
    if (fread(crlf, 1, 2, in) != 2 || memcmp(crlf, "\r\n", 2) != 0)
        return -1;
    return 0;
}

int main(void)
{
    long size, total = 0;

    while ((size = read_chunk_size(stdin)) > 0) {
        if (copy_chunk(stdin, stdout, size) != 0) {
            fprintf(stderr, "malformed chunk after %ld bytes\n", total);
            return 1;
        }
        total += size;
    }
    if (size < 0) {
        fprintf(stderr, "malformed chunk header after %ld bytes\n", total);
        return 1;
    }
    fprintf(stderr, "%ld bytes decoded\n", total);
    return fflush(stdout) == 0 ? 0 : 1;
}
