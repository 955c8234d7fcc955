#include <string.h>

#define PATH_LEN 64

/* Append a file name to a directory path held in a PATH_LEN buffer. */
void path_append(char path[PATH_LEN], const char *file)
{
    size_t used = strlen(path);

    if (used > 0 && path[used - 1] != '/')
        strncat(path, "/", PATH_LEN - used); /* FLAW: strncpy_no_nul */
    /* bound forgets the terminating NUL that strncat always writes */
    strncat(path, file, PATH_LEN - strlen(path)); /* FLAW: strncpy_no_nul */
}
