#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Create a scratch file for a conversion job; returns an fd. */
int open_scratch(char *path_out, size_t size)
{
    char tmpl[] = "/tmp/convert.XXXXXX";

    if (size < sizeof tmpl)
        return -1;
    if (mktemp(tmpl)[0] == '\0') /* FLAW: insecure_tmpfile */
        return -1;
    memcpy(path_out, tmpl, sizeof tmpl);
    return open(tmpl, O_RDWR | O_CREAT, 0600);
}

char *scratch_name(void)
{
    return tempnam("/tmp", "conv"); /* FLAW: insecure_tmpfile */
}
