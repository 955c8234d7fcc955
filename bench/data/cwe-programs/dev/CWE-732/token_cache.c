/*
 * token_cache.c - caches the OAuth access token of the CLI client in
 * ~/.cache/exampletool/token so that the user is not asked to log in
 * for every command.
 *
 *   token_cache store TOKEN   (written atomically, owner-only)
 *   token_cache show
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static int cache_paths(char *dir, char *file, char *tmp, size_t cap)
{
    const char *home = getenv("HOME");

    if (!home || !*home)
        return -1;
    if (snprintf(dir, cap, "%s/.cache/exampletool", home) >= (int)cap ||
        snprintf(file, cap, "%s/token", dir) >= (int)cap ||
        snprintf(tmp, cap, "%s/token.tmp", dir) >= (int)cap)
        return -1;
    return 0;
}

static int store(const char *dir, const char *file, const char *tmp, const char *token)
{
    size_t len = strlen(token);
    int fd;

    if (mkdir(dir, 0700) != 0 && errno != EEXIST)
        return -1;
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return -1;
    if (write(fd, token, len) != (ssize_t)len || fsync(fd) != 0) {
        close(fd);
        unlink(tmp);
        return -1;
    }
    if (close(fd) != 0)
        return -1;
    return rename(tmp, file);
}

static int show(const char *file)
{
    char buf[4096];
    ssize_t n;
    int fd = open(file, O_RDONLY | O_NOFOLLOW);

    if (fd < 0)
        return -1;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    puts(buf);
    return 0;
}

int main(int argc, char **argv)
{
    char dir[1024], file[1024], tmp[1024];

    umask(077);
    if (cache_paths(dir, file, tmp, sizeof dir) != 0) {
        fprintf(stderr, "HOME is not usable\n");
        return 1;
    }
    if (argc == 3 && strcmp(argv[1], "store") == 0)
        return store(dir, file, tmp, argv[2]) == 0 ? 0 : 1;
    if (argc == 2 && strcmp(argv[1], "show") == 0)
        return show(file) == 0 ? 0 : 1;
    fprintf(stderr, "usage: %s store TOKEN | show\n", argv[0]);
    return 2;
}
