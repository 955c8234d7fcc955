#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
    char path[] = "/tmp/convert.XXXXXX";
    FILE *fp;
    int fd = mkstemp(path);

    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    if (unlink(path) != 0) {
        (void)close(fd);
        return 1;
    }
    fp = fdopen(fd, "w+");
    if (fp == NULL) {
        (void)close(fd);
        return 1;
    }
    fputs("scratch data\n", fp);
    return fclose(fp) == 0 ? 0 : 1;
}
