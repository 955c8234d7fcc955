#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    char username[16];

    if (argc < 2) {
        fprintf(stderr, "usage: %s NAME\n", argv[0]);
        return 1;
    }
    if (strlen(argv[1]) >= sizeof(username)) {
        fprintf(stderr, "name too long\n");
        return 1;
    }
    strcpy(username, argv[1]);
    printf("hello, %s\n", username);
    return 0;
}
