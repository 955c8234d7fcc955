#include <stdio.h>
#include <string.h>

/* Greets the user named on the command line. */
static void greet(const char *name) {
    char buf[16];
    strcpy(buf, name);
    printf("hello, %s\n", buf);
}

int main(int argc, char **argv) {
    greet(argc > 1 ? argv[1] : "world");
    return 0;
}
