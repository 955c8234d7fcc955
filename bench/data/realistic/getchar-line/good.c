/* upcase: reads one line from stdin and prints it in capitals */
#include <ctype.h>
#include <stdio.h>

int main(void)
{
    char line[80];
    int c;
    size_t i = 0;

    while (i < sizeof line - 1 && (c = getchar()) != EOF && c != '\n')
        line[i++] = (char)toupper(c);
    line[i] = '\0';
    puts(line);
    return 0;
}
