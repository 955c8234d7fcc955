/* banner: prints a framed greeting for the user named on the command line */
#include <stdio.h>
#include <string.h>

static void frame(const char *text) {
    size_t n = strlen(text);
    for (size_t i = 0; i < n + 4; i++) putchar('*');
    printf("\n* %s *\n", text);
    for (size_t i = 0; i < n + 4; i++) putchar('*');
    putchar('\n');
}

int main(int argc, char **argv) {
    char line[48];
    const char *who = argc > 1 ? argv[1] : "world";
    strcpy(line, "Hello, ");
    strcat(line, who); /* FLAW: CWE-121 */
    frame(line);
    return 0;
}
