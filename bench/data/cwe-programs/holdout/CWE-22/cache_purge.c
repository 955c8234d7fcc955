/*
 * cache_purge.c - removes entries from the render cache.
 *
 * usage: cache_purge KEY...
 * Cache entries are named after the SHA-256 of the source document, as
 * 64 lowercase hex characters, and stored flat in CACHE_DIR.
 */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#define CACHE_DIR "/var/cache/renderd"
#define KEY_LEN   64

typedef enum { PURGE_OK, PURGE_MISSING, PURGE_INVALID, PURGE_ERROR } purge_result;

static int is_cache_key(const char *k)
{
    if (strlen(k) != KEY_LEN)
        return 0;
    for (const char *p = k; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return 0;
    return 1;
}

static purge_result purge_one(int dirfd, const char *key)
{
    if (!is_cache_key(key))
        return PURGE_INVALID;
    if (unlinkat(dirfd, key, 0) == 0)
        return PURGE_OK;
    return errno == ENOENT ? PURGE_MISSING : PURGE_ERROR;
}

int main(int argc, char **argv)
{
    int dirfd, failures = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s KEY...\n", argv[0]);
        return 2;
    }
    dirfd = open(CACHE_DIR, O_RDONLY | O_DIRECTORY);
    if (dirfd < 0) {
        perror(CACHE_DIR);
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        switch (purge_one(dirfd, argv[i])) {
        case PURGE_OK:
            printf("purged  %s\n", argv[i]);
            break;
        case PURGE_MISSING:
            printf("absent  %s\n", argv[i]);
            break;
        case PURGE_INVALID:
            fprintf(stderr, "invalid cache key: %s\n", argv[i]);
            failures++;
            break;
        default:
            fprintf(stderr, "cannot purge %s: %s\n", argv[i], strerror(errno));
            failures++;
        }
    }
    close(dirfd);
    return failures ? 1 : 0;
}
