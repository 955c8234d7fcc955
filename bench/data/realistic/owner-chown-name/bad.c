/*
 * setowner - give files to a user, by name: setowner USER FILE...
 * Prints what it changed; meant to be run by an administrator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pwd.h>
#include <sys/types.h>
#include <unistd.h>
#include <errno.h>

static int give(const char *file, uid_t uid, gid_t gid)
{
    if (chown(file, uid, gid) != 0) {
        fprintf(stderr, "setowner: %s: %s\n", file, strerror(errno));
        return -1;
    }
    return 0;
}

int main(int argc, char *argv[])
{
    struct passwd *pw;
    int failures = 0;

    if (argc < 3) {
        fprintf(stderr, "usage: setowner USER FILE...\n");
        return EXIT_FAILURE;
    }

    pw = getpwnam(argv[1]);
    printf("owner %s uid %ld home %s\n", pw->pw_name, (long)pw->pw_uid, pw->pw_dir); /* FLAW: CWE-476 */

    for (int i = 2; i < argc; i++)
        if (give(argv[i], pw->pw_uid, pw->pw_gid) != 0)
            failures++;
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
