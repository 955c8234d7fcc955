#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char cmd[256];

    if (argc < 2) {
        fprintf(stderr, "usage: %s HOST\n", argv[0]);
        return 2;
    }
    snprintf(cmd, sizeof cmd, "ping -c 1 %s", argv[1]);
    if (system(cmd) != 0) /* FLAW: command_execution */
        return 1;
    return 0;
}
