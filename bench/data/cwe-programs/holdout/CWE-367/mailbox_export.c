/*
 * mailbox_export.c - setgid "mail" helper that copies messages from
 * the user's mailbox file into a file the user names, for import into
 * another mail client.
 *
 * usage: mailbox_export OUTPUT
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <pwd.h>
#include <unistd.h>

#define SPOOL_DIR "/var/mail"

static int copy_fd(int from, int to)
{
    char buf[8192];
    ssize_t n;

    while ((n = read(from, buf, sizeof buf)) > 0)
        if (write(to, buf, (size_t)n) != n)
            return -1;
    return n < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
    struct passwd *pw = getpwuid(getuid());
    char mbox[256];
    int in, out, rc;

    if (argc != 2 || pw == NULL) {
        fprintf(stderr, "usage: %s OUTPUT\n", argv[0]);
        return 2;
    }
    snprintf(mbox, sizeof mbox, "%s/%s", SPOOL_DIR, pw->pw_name);

    /* The output location must be writable by the real user. */
    if (access(argv[1], W_OK) != 0) {
        fprintf(stderr, "%s: you may not write there\n", argv[1]);
        return 1;
    }
    if ((in = open(mbox, O_RDONLY)) < 0) {
        perror(mbox);
        return 1;
    }
    out = open(argv[1], O_WRONLY | O_TRUNC); /* FLAW: CWE-367 */
    if (out < 0) {
        perror(argv[1]);
        close(in);
        return 1;
    }
    rc = copy_fd(in, out);
    close(in);
    if (close(out) != 0)
        rc = -1;
    if (rc != 0)
        fprintf(stderr, "export failed\n");
    return rc == 0 ? 0 : 1;
}
