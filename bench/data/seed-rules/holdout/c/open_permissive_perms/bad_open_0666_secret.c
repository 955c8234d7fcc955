#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Store an API key on disk. */
int store_api_key(const char *path, const char *key)
{
    size_t len = strlen(key);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666); /* FLAW: open_permissive_perms */

    if (fd < 0)
        return -1;
    if (write(fd, key, len) != (ssize_t)len) {
        (void)close(fd);
        return -1;
    }
    return close(fd);
}
