/*
 * avatar_store.c - stores a user's avatar image read from stdin.
 *
 * usage: avatar_store USERNAME < image.png
 * Avatars are saved as <USERNAME>.png in the avatar directory. The
 * directory is opened once and files are created relative to it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <fcntl.h>
#include <unistd.h>

#define AVATAR_DIR   "/var/lib/community/avatars"
#define MAX_USERNAME 32
#define MAX_AVATAR   (512 * 1024)

/* Usernames: 1..32 chars of [a-z0-9_-], must start with a letter. */
static int valid_username(const char *u)
{
    size_t i, len = strlen(u);

    if (len == 0 || len > MAX_USERNAME || !islower((unsigned char)u[0]))
        return 0;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)u[i];
        if (!(islower(c) || isdigit(c) || c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

static int copy_stdin_to(int out)
{
    char buf[8192];
    size_t total = 0;
    ssize_t n;

    while ((n = read(STDIN_FILENO, buf, sizeof buf)) > 0) {
        total += (size_t)n;
        if (total > MAX_AVATAR) {
            fprintf(stderr, "avatar larger than %d bytes\n", MAX_AVATAR);
            return -1;
        }
        if (write(out, buf, (size_t)n) != n)
            return -1;
    }
    return n < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
    char fname[MAX_USERNAME + 8];
    int dirfd, fd, rc;

    if (argc != 2 || !valid_username(argv[1])) {
        fprintf(stderr, "usage: %s USERNAME < image.png\n", argv[0]);
        return 2;
    }
    snprintf(fname, sizeof fname, "%s.png", argv[1]);

    dirfd = open(AVATAR_DIR, O_RDONLY | O_DIRECTORY);
    if (dirfd < 0) {
        perror(AVATAR_DIR);
        return 1;
    }
    fd = openat(dirfd, fname, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
    if (fd < 0) {
        perror(fname);
        close(dirfd);
        return 1;
    }
    rc = copy_stdin_to(fd);
    if (close(fd) != 0)
        rc = -1;
    close(dirfd);
    if (rc != 0) {
        fprintf(stderr, "failed to store avatar\n");
        return 1;
    }
    printf("stored avatar for %s\n", argv[1]);
    return 0;
}
