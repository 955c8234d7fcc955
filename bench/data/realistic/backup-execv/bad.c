/* backup: archives the directory named by the user into /var/backups */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char cmd[512];

    if (argc != 2) {
        fprintf(stderr, "usage: backup DIR\n");
        return 2;
    }
    snprintf(cmd, sizeof cmd, "tar czf /var/backups/backup.tgz '%s'", argv[1]);
    if (system(cmd) != 0) { /* FLAW: CWE-78 */
        fprintf(stderr, "backup failed\n");
        return 1;
    }
    return 0;
}
