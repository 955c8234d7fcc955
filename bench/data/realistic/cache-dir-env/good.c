/*
 * cachepath: prints (and creates) the cache directory for an application,
 * following XDG_CACHE_HOME with a fallback to $HOME/.cache.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define APP "notes"

static int cache_dir(char *out, size_t outsz)
{
    const char *base = getenv("XDG_CACHE_HOME");
    char tmp[PATH_MAX];

    if (base != NULL && base[0] == '/') {
        strncpy(tmp, base, sizeof tmp - 1);
        tmp[sizeof tmp - 1] = '\0';
    } else {
        const char *home = getenv("HOME");
        if (home == NULL)
            return -1;
        if (snprintf(tmp, sizeof tmp, "%s/.cache", home) >= (int)sizeof tmp)
            return -1;
    }
    if (snprintf(out, outsz, "%s/%s", tmp, APP) >= (int)outsz)
        return -1;
    return 0;
}

static int ensure_dir(const char *path)
{
    if (mkdir(path, 0700) == 0 || errno == EEXIST)
        return 0;
    perror(path);
    return -1;
}

int main(void)
{
    char dir[PATH_MAX];

    if (cache_dir(dir, sizeof dir) != 0) {
        fprintf(stderr, "cachepath: cannot work out the cache directory\n");
        return 1;
    }
    if (ensure_dir(dir) != 0)
        return 1;
    puts(dir);
    return 0;
}
