/* pinghost: a wrapper that pings the host given on the command line */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    char cmd[256];
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: pinghost HOST\n");
        return 2;
    }
    if (strlen(argv[1]) > 200)
        return 2;
    snprintf(cmd, sizeof cmd, "ping -c 1 %s", argv[1]);
    rc = system(cmd); /* FLAW: CWE-78 */
    return rc == 0 ? 0 : 1;
}
