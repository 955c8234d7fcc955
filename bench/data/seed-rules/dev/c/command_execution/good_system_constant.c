#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    if (system("clear") != 0)
        fprintf(stderr, "could not clear screen\n");
    puts("menu:");
    puts("  1) start");
    puts("  2) quit");
    return 0;
}
