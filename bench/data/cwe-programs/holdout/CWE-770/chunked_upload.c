/*
 * chunked_upload - receive an upload over a socket pair style stream on
 * stdin: a sequence of chunks "SIZE\n" followed by SIZE bytes, ended by
 * a chunk of size 0. Each chunk and the total upload are size-limited,
 * and the data is written to the output file as it arrives.
 */
#include <stdio.h>
#include <stdlib.h>

#define MAX_CHUNK  (256 * 1024)
#define MAX_TOTAL  (16 * 1024 * 1024)

static int copy_chunk(FILE *in, FILE *out, size_t size)
{
    char *buf = malloc(size);
    int rc = -1;

    if (!buf)
        return -1;
    if (fread(buf, 1, size, in) == size && fwrite(buf, 1, size, out) == size)
        rc = 0;
    free(buf);
    return rc;
}

int main(int argc, char **argv)
{
    FILE *out;
    char line[32];
    size_t total = 0;
    unsigned chunks = 0;

    if (argc != 2 || !(out = fopen(argv[1], "wb"))) {
        fprintf(stderr, "usage: %s OUTFILE < upload\n", argv[0]);
        return 2;
    }
    while (fgets(line, sizeof line, stdin)) {
        char *end;
        unsigned long size = strtoul(line, &end, 10);

        if (end == line || (*end != '\n' && *end != '\0')) {
            fprintf(stderr, "malformed chunk header\n");
            break;
        }
        if (size == 0) {
            fclose(out);
            printf("%u chunks, %zu bytes\n", chunks, total);
            return 0;
        }
        if (size > MAX_CHUNK || total + size > MAX_TOTAL) {
            fprintf(stderr, "chunk of %lu bytes exceeds limits\n", size);
            break;
        }
        if (copy_chunk(stdin, out, size) != 0) {
            fprintf(stderr, "short chunk\n");
            break;
        }
        total += size;
        chunks++;
    }
    fclose(out);
    return 1;
}
