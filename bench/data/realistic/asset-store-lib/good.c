/*
 * assetstore: read-only access to a game's asset tree for mods.
 * No main: asset_read() is called with names coming from mod scripts.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct asset_store {
    char root[PATH_MAX];
    size_t root_len;
};

int asset_store_init(struct asset_store *st, const char *root)
{
    if (realpath(root, st->root) == NULL)
        return -1;
    st->root_len = strlen(st->root);
    return 0;
}

/* reads at most cap bytes of the asset; returns the count or -1 */
ssize_t asset_read(const struct asset_store *st, const char *name, void *buf, size_t cap)
{
    char path[PATH_MAX], real[PATH_MAX];
    ssize_t total = 0, n;
    int fd;

    if (snprintf(path, sizeof path, "%s/%s", st->root, name) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    /* resolve links and ".." first, then insist the result is still below the root */
    if (realpath(path, real) == NULL)
        return -1;
    if (strncmp(real, st->root, st->root_len) != 0 || real[st->root_len] != '/') {
        errno = EACCES;
        return -1;
    }
    fd = open(real, O_RDONLY);
    if (fd < 0)
        return -1;
    while ((size_t)total < cap && (n = read(fd, (char *)buf + total, cap - (size_t)total)) > 0)
        total += n;
    close(fd);
    return total;
}
