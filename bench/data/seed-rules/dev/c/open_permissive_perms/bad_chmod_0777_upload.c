#include <stdio.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    if (mkdir(argv[1], 0777) != 0) /* FLAW: open_permissive_perms */
        perror("mkdir");
    if (chmod(argv[1], 0777) != 0) { /* FLAW: open_permissive_perms */
        perror("chmod");
        return 1;
    }
    return 0;
}
