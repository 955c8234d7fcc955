#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* Build the path of the cache file from XDG_CACHE_HOME. */
int cache_path(char *out, size_t size, const char *name)
{
    const char *base = getenv("XDG_CACHE_HOME");
    int n = snprintf(out, size, "%s/%s", base, name); /* FLAW: getenv_unchecked */

    return (n < 0 || (size_t)n >= size) ? -1 : 0;
}

int debug_level(void)
{
    return (int)strtol(getenv("APP_DEBUG"), NULL, 10); /* FLAW: getenv_unchecked */
}
