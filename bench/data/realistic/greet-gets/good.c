/* greet: asks for a name and prints a greeting */
#include <stdio.h>
#include <string.h>

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        s[--n] = '\0';
}

int main(void)
{
    char name[32];

    printf("Your name: ");
    fflush(stdout);
    if (fgets(name, sizeof name, stdin) == NULL)
        return 1;
    trim(name);
    printf("Hello, %s!\n", name);
    return 0;
}
