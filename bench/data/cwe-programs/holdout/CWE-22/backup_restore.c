/*
 * backup_restore.c - restores files from a simple backup bundle.
 *
 * Bundle format (text header lines followed by raw bytes):
 *     FILE <size> <relative-name>\n<size bytes of content>
 * usage: backup_restore BUNDLE DEST_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#define MAX_ENTRY_SIZE (64L * 1024 * 1024)

typedef struct {
    long size;
    char name[256];
} entry_hdr;

static int read_header(FILE *in, entry_hdr *h)
{
    char line[512];

    if (fgets(line, sizeof line, in) == NULL)
        return 0;
    if (sscanf(line, "FILE %ld %255[^\n]", &h->size, h->name) != 2)
        return -1;
    if (h->size < 0 || h->size > MAX_ENTRY_SIZE)
        return -1;
    return 1;
}

/* Copy SIZE bytes from the bundle into a new file at PATH. */
static int extract_entry(FILE *in, const char *path, long size)
{
    char buf[8192];
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0640); /* FLAW: CWE-22 */

    if (fd < 0) {
        perror(path);
        return -1;
    }
    while (size > 0) {
        size_t want = size < (long)sizeof buf ? (size_t)size : sizeof buf;
        size_t got = fread(buf, 1, want, in);
        if (got == 0 || write(fd, buf, got) != (ssize_t)got) {
            close(fd);
            return -1;
        }
        size -= (long)got;
    }
    return close(fd);
}

int main(int argc, char **argv)
{
    entry_hdr h;
    char out_path[1024];
    int rc, restored = 0;
    FILE *bundle;

    if (argc != 3) {
        fprintf(stderr, "usage: %s BUNDLE DEST_DIR\n", argv[0]);
        return 2;
    }
    if ((bundle = fopen(argv[1], "rb")) == NULL) {
        perror(argv[1]);
        return 1;
    }
    while ((rc = read_header(bundle, &h)) == 1) {
        if (snprintf(out_path, sizeof out_path, "%s/%s", argv[2], h.name) >= (int)sizeof out_path) {
            fprintf(stderr, "entry name too long, stopping\n");
            rc = -1;
            break;
        }
        if (extract_entry(bundle, out_path, h.size) != 0) {
            rc = -1;
            break;
        }
        restored++;
    }
    fclose(bundle);
    printf("restored %d file(s)\n", restored);
    return rc < 0 ? 1 : 0;
}
