/* bkcopy: copies each file named on the command line to NAME.bak next to it */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SUFFIX ".bak"

static int copy_fd(int in, int out)
{
    char buf[8192];
    ssize_t n;

    while ((n = read(in, buf, sizeof buf)) > 0) {
        char *p = buf;
        while (n > 0) {
            ssize_t w = write(out, p, (size_t)n);
            if (w < 0)
                return -1;
            p += w;
            n -= w;
        }
    }
    return n < 0 ? -1 : 0;
}

static int backup(const char *name)
{
    char target[4096];
    int in, out, rc;

    if (snprintf(target, sizeof target, "%s%s", name, SUFFIX) >= (int)sizeof target) {
        fprintf(stderr, "bkcopy: %s: name too long\n", name);
        return -1;
    }
    in = open(name, O_RDONLY);
    if (in < 0) {
        perror(name);
        return -1;
    }
    out = open(target, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (out < 0) {
        perror(target);
        close(in);
        return -1;
    }
    rc = copy_fd(in, out);
    close(in);
    if (close(out) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "bkcopy: %s: copy failed\n", name);
    return rc;
}

int main(int argc, char **argv)
{
    int failed = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++)
        if (backup(argv[i]) != 0)
            failed = 1;
    return failed;
}
