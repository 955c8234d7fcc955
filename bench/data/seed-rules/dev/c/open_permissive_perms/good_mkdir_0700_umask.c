#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>

int main(int argc, char **argv)
{
    mode_t old;

    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    old = umask(027);
    if (mkdir(argv[1], 0700) != 0 && errno != EEXIST) {
        perror("mkdir");
        return 1;
    }
    umask(old);
    if (chmod(argv[1], 0750) != 0) {
        perror("chmod");
        return 1;
    }
    return 0;
}
