/*
 * sarx - extract a SARC bundle (the simple archive format produced by the
 * firmware build) into a directory.
 *
 * Layout: the magic "SARC", then for every member
 *     u16 name length (little endian), name bytes,
 *     u32 data length (little endian), data bytes.
 *
 * usage: sarx BUNDLE DESTDIR
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEMBER_NAME_MAX 255

struct member
{
    char name[MEMBER_NAME_MAX + 1];
    uint32_t size;
};

/* Read the next member header: 1 on success, 0 at end of bundle, -1 on error. */
static int read_member(FILE *fp, struct member *m)
{
    unsigned char b[4];
    size_t len;

    if (fread(b, 1, 2, fp) != 2)
        return feof(fp) ? 0 : -1;
    len = (size_t)b[0] | (size_t)b[1] << 8;
    if (len == 0 || len > MEMBER_NAME_MAX)
        return -1;
    if (fread(m->name, 1, len, fp) != len)
        return -1;
    m->name[len] = '\0';
    if (strlen(m->name) != len)
        return -1;              /* embedded NUL */
    if (fread(b, 1, 4, fp) != 4)
        return -1;
    m->size = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
              (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 1;
}

static int copy_bytes(FILE *in, FILE *out, uint32_t n)
{
    char buf[8192];

    while (n > 0)
    {
        size_t want = n < sizeof buf ? n : sizeof buf;
        size_t got = fread(buf, 1, want, in);

        if (got != want || fwrite(buf, 1, got, out) != got)
            return -1;
        n -= (uint32_t)got;
    }
    return 0;
}

/* Write the data of member M, read from IN, below DESTDIR. */
static int extract_member(const char *destdir, const struct member *m, FILE *in)
{
    char path[PATH_MAX];
    FILE *out;
    int n, rc;

    n = snprintf(path, sizeof path, "%s/%s", destdir, m->name);
    if (n < 0 || (size_t)n >= sizeof path)
        return -1;

    out = fopen(path, "wb"); /* FLAW: CWE-22 */
    if (out == NULL)
    {
        perror(path);
        return -1;
    }
    rc = copy_bytes(in, out, m->size);
    if (fclose(out) != 0)
        rc = -1;
    if (rc == 0)
        printf("%10lu  %s\n", (unsigned long)m->size, m->name);
    return rc;
}

int main(int argc, char **argv)
{
    struct member m;
    char magic[4];
    FILE *in;
    int r, rc = 0;

    if (argc != 3)
    {
        fprintf(stderr, "usage: %s BUNDLE DESTDIR\n", argv[0]);
        return 2;
    }
    in = fopen(argv[1], "rb");
    if (in == NULL)
    {
        perror(argv[1]);
        return 1;
    }
    if (fread(magic, 1, 4, in) != 4 || memcmp(magic, "SARC", 4) != 0)
    {
        fprintf(stderr, "%s: not a SARC bundle\n", argv[1]);
        fclose(in);
        return 1;
    }

    while ((r = read_member(in, &m)) == 1)
    {
        if (extract_member(argv[2], &m, in) < 0)
        {
            rc = 1;
            break;
        }
    }
    if (r < 0)
    {
        fprintf(stderr, "%s: corrupt member header\n", argv[1]);
        rc = 1;
    }
    fclose(in);
    return rc;
}
