#include <stdio.h>
#include <string.h>

/* Copies the first command-line argument into a fixed stack buffer. */
int main(int argc, char **argv)
{
    char username[16];

    if (argc < 2) {
        fprintf(stderr, "usage: %s NAME\n", argv[0]);
        return 1;
    }
    strcpy(username, argv[1]); /* FLAW: unsafe_api */
    printf("hello, %s\n", username);
    return 0;
}
