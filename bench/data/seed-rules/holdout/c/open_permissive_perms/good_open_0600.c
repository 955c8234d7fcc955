#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int store_api_key(const char *path, const char *key)
{
    size_t len = strlen(key);
    int fd;

    umask(077);
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return -1;
    if (write(fd, key, len) != (ssize_t)len) {
        (void)close(fd);
        return -1;
    }
    if (fchmod(fd, S_IRUSR | S_IWUSR) != 0) {
        (void)close(fd);
        return -1;
    }
    return close(fd);
}
