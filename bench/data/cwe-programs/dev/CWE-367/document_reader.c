/*
 * document_reader.c - setuid helper of the document archive: shows an
 * archived document to the invoking user if that user owns it.
 *
 * usage: document_reader PATH
 * The file is opened first and every check is made on the opened
 * descriptor, so the checked file is the file that is read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#define MAX_DOC (4 * 1024 * 1024)

static int open_owned_document(const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);

    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_uid != getuid() || st.st_size > MAX_DOC) {
        close(fd);
        return -1;
    }
    return fd;
}

static int copy_out(int fd)
{
    char buf[8192];
    ssize_t n;

    while ((n = read(fd, buf, sizeof buf)) > 0) {
        ssize_t off = 0;
        while (off < n) {
            ssize_t w = write(STDOUT_FILENO, buf + off, (size_t)(n - off));
            if (w < 0)
                return -1;
            off += w;
        }
    }
    return n < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
    int fd, rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s PATH\n", argv[0]);
        return 2;
    }
    fd = open_owned_document(argv[1]);
    if (fd < 0) {
        fprintf(stderr, "%s: not an archived document of yours\n", argv[1]);
        return 1;
    }
    rc = copy_out(fd);
    close(fd);
    return rc == 0 ? 0 : 1;
}
