#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cache_path(char *out, size_t size, const char *name)
{
    const char *base = getenv("XDG_CACHE_HOME");
    int n;

    if (base == NULL || base[0] != '/' || strlen(base) > 256)
        base = "/tmp";
    n = snprintf(out, size, "%s/%s", base, name);
    return (n < 0 || (size_t)n >= size) ? -1 : 0;
}
