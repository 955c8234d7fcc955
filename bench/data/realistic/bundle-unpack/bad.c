/*
 * unbundle: unpacks a .bdl file into a directory.
 * Format: repeated "<name> <size>\n" headers, each followed by <size> bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_MAX_LEN 200
#define MAX_ENTRY (64UL * 1024 * 1024)

static int copy_bytes(FILE *in, FILE *out, unsigned long size)
{
    char buf[8192];

    while (size > 0) {
        size_t want = size < sizeof buf ? (size_t)size : sizeof buf;
        size_t got = fread(buf, 1, want, in);
        if (got == 0 || fwrite(buf, 1, got, out) != got)
            return -1;
        size -= got;
    }
    return 0;
}

static int extract_entry(FILE *in, const char *outdir, const char *name, unsigned long size)
{
    char path[512];
    FILE *out;
    int rc;

    if (snprintf(path, sizeof path, "%s/%s", outdir, name) >= (int)sizeof path)
        return -1;
    out = fopen(path, "wb"); /* FLAW: CWE-22 */
    if (out == NULL) {
        fprintf(stderr, "unbundle: %s: %s\n", path, strerror(errno));
        return -1;
    }
    rc = copy_bytes(in, out, size);
    if (fclose(out) != 0)
        rc = -1;
    return rc;
}

int main(int argc, char **argv)
{
    char name[NAME_MAX_LEN + 1];
    unsigned long size;
    FILE *in;
    int count = 0;

    if (argc != 3) {
        fprintf(stderr, "usage: unbundle FILE.bdl OUTDIR\n");
        return 2;
    }
    in = fopen(argv[1], "rb");
    if (in == NULL) {
        perror(argv[1]);
        return 1;
    }
    while (fscanf(in, "%200s %lu", name, &size) == 2) {
        if (fgetc(in) != '\n' || size > MAX_ENTRY)
            break;
        if (extract_entry(in, argv[2], name, size) != 0)
            break;
        count++;
    }
    fclose(in);
    printf("%d files\n", count);
    return 0;
}
